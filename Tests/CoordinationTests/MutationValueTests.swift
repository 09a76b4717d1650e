import Coordination
import CoordinationTesting
import Testing

@Suite("Numbers attached to a recorded mutation")
struct MutationValueTests {
    /// A coordinator that records one mutation as it starts.
    private final class OrderCoordinator: Coordinator {
        let record: (Coordinator) -> Void

        init(navigator: Navigator, record: @escaping (Coordinator) -> Void) {
            self.record = record
            super.init(navigator: navigator, name: "Order", variant: "one-page")
        }

        override func start() {
            navigator.setRoot(FormScreen("order"), owner: self)
            record(self)
        }
    }

    /// The mutation signals `record` emits from a running coordinator.
    private func signals(_ record: @escaping (Coordinator) -> Void) -> [FlowSignal.Kind] {
        let recording = FlowRecording.walk(OrderCoordinator(navigator: Navigator(), record: record), turns: [.quit])
        return recording.signals.compactMap { signal in
            if case .mutation = signal.kind { signal.kind } else { nil }
        }
    }

    @Test("recordMutation carries the values given, integers exact, in its signal")
    func values() {
        let kinds = signals { $0.recordMutation("place_order", outcome: .succeeded, values: ["amount_cents": .integer(4599), "items": 3, "tip": 1.5]) }
        #expect(kinds == [.mutation(operation: "place_order", outcome: .succeeded, values: ["amount_cents": 4599, "items": 3, "tip": 1.5])])
        guard case .mutation(_, _, let values)? = kinds.first else { return }
        #expect(values["amount_cents"]?.number == .integer(4599))
        #expect(values["tip"]?.number == .decimal(1.5))
    }

    @Test("a call without values, as every existing one, carries none")
    func withoutValues() {
        let kinds = signals { $0.recordMutation("place_order", outcome: .failed(reason: "card_declined")) }
        #expect(kinds == [.mutation(operation: "place_order", outcome: .failed(reason: "card_declined"), values: [:])])
    }

    @Test("a decimal that is not a finite number is refused when made")
    func nonFinite() {
        #expect(MutationValue.decimal(.nan) == nil)
        #expect(MutationValue.decimal(.infinity) == nil)
        #expect(MutationValue.decimal(-.infinity) == nil)
        #expect(MutationValue.decimal(-0.25)?.number == .decimal(-0.25))
        #expect(MutationValue.integer(.min).number == .integer(.min))
    }
}
