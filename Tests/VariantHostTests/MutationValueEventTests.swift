import Coordination
import Experiments
import FlowEvents
import Testing
@testable import VariantHost

@Suite("Numbers a coordinator attaches to a mutation, as logged")
struct MutationValueEventTests {
    /// The `mutation` events recording `signals` gives, through a plain sink.
    private func mutationEvents(_ signals: [FlowSignal]) -> [FlowEvent] {
        let sink = InMemoryEventSink()
        let recorder = SessionRecorder(session: "s-1", user: "u-1", assignments: [], sink: sink, clock: SteppingClock())
        for signal in signals { recorder.record(signal) }
        recorder.flush()
        return sink.events.filter { $0.type == .mutation }
    }

    private func mutation(_ outcome: MutationOutcome, _ values: [String: MutationValue]) -> FlowSignal {
        FlowSignal(kind: .mutation(operation: "place_order", outcome: outcome, values: values), coordinator: "Checkout", variant: nil)
    }

    @Test("each value is a property holding its canonical text, beside the operation and the outcome")
    func canonicalText() throws {
        let values: [String: MutationValue] = [
            "amount_cents": 4599, "items": .integer(3), "tip": 1.5, "share": try #require(.decimal(1e-7)),
            "whole": 12.0, "refund": -250, "largest": .integer(.max),
        ]
        let events = mutationEvents([mutation(.succeeded, values)])
        #expect(events.map(\.properties) == [[
            "operation": "place_order", "outcome": "succeeded", "amount_cents": "4599", "items": "3", "tip": "1.5",
            "share": "0.0000001", "whole": "12", "refund": "-250", "largest": "9223372036854775807",
        ]])
    }

    @Test("every value reads back as the number given, through EventPropertyNumber")
    func readBack() throws {
        let event = try #require(mutationEvents([mutation(.succeeded, ["amount_cents": 4599, "tip": 0.1])]).first)
        #expect(EventPropertyNumber.read("amount_cents", in: event.properties) == .success(4599))
        #expect(EventPropertyNumber.read("tip", in: event.properties) == .success(0.1))
        #expect(EventPropertyNumber.read("items", in: event.properties) == .failure(.absent))
    }

    @Test("a failed mutation keeps its reason; a value under the mutation's own keys is left out")
    func reservedKeys() {
        let events = mutationEvents([mutation(.failed(reason: "card_declined"), ["amount_cents": 4599, "outcome": 1, "reason": 2, "operation": 3])])
        #expect(events.map(\.properties) == [["operation": "place_order", "outcome": "failed", "reason": "card_declined", "amount_cents": "4599"]])
    }

    @Test("a mutation without values is logged as before: operation and outcome only")
    func withoutValues() {
        let events = mutationEvents([mutation(.succeeded, [:])])
        #expect(events.map(\.properties) == [["operation": "place_order", "outcome": "succeeded"]])
    }

    @Test("the line written holds the numbers as strings, readable as the rest of the log")
    func lineText() throws {
        let event = try #require(mutationEvents([mutation(.succeeded, ["amount_cents": 4599, "items": 3])]).first)
        let line = JSONLineEncoder.line(for: event)
        #expect(line.contains(#""properties":{"amount_cents":"4599","items":"3","operation":"place_order","outcome":"succeeded"}"#))
    }
}
