import Coordination
import Experiments
import FlowEvents
import VariantHost
import VariantKit

/// One fresh session of a flow under exploration, started, with the signals it emitted and the
/// events a host would log for them.
final class ExplorationRun {
    /// The session.
    let session: FlowSession
    /// Every signal, in order.
    private(set) var signals: [FlowSignal] = []
    /// The events logged for them, in order.
    var events: [EmittedEvent] { collector.events }
    /// Every coordinator the tree held after the start or a turn, without keeping it alive.
    private(set) var coordinators: [CoordinatorReference] = []
    private var seenCoordinators: Set<ObjectIdentifier> = []
    private let collector: EventCollector
    private let recorder: SessionRecorder

    /// Makes the root coordinator of `app` for `selection` and starts its session.
    ///
    /// - Throws: `CompositionError` when the variants do not compose.
    init(app: any HostedApp.Type, selection: VariantSelection) throws(CompositionError) {
        let root = try app.makeRootCoordinator(for: selection, navigator: Navigator())
        session = FlowSession(root: root)
        collector = EventCollector()
        let assignments = selection.all.map { SlotAssignment(slot: SlotID($0.slot), variant: VariantID($0.id), reason: .forced) }
        recorder = SessionRecorder(session: "explore", user: "explore", assignments: assignments, sink: collector, clock: FixedClock())
        session.observer = { [unowned self] signal in
            signals.append(signal)
            recorder.record(signal)
        }
        session.start()
        noteCoordinators()
    }

    /// Takes `turn` on the visible screen.
    func take(_ turn: ExploredTurn) throws(ScreenInputError) {
        switch turn {
        case .perform(let action, _, let fields): try session.perform(action, fields: fields)
        case .back: try session.goBack()
        }
        noteCoordinators()
    }

    /// Ends the flow as abandoned.
    func abandon() {
        session.abandon()
        noteCoordinators()
    }

    /// Adds the coordinators of the tree not seen before to `coordinators`.
    private func noteCoordinators() {
        var pending = [session.root]
        while let coordinator = pending.popLast() {
            if seenCoordinators.insert(ObjectIdentifier(coordinator)).inserted {
                coordinators.append(CoordinatorReference(coordinator))
            }
            pending.append(contentsOf: coordinator.children)
        }
    }

    /// The variant whose coordinator showed the visible screen.
    var visibleScreenVariant: String? {
        guard let visible = session.visibleScreen else { return nil }
        return session.navigator.owner(of: visible)?.variant
    }
}

/// Keeps the events a recorder built, as exploration reads them.
private final class EventCollector: FlowEventSink {
    var events: [EmittedEvent] = []

    func record(_ event: FlowEvent) throws(EventSinkError) {
        events.append(EmittedEvent(event))
    }

    func flush() throws(EventSinkError) {}
}

/// A clock that never moves: exploration's events have no time.
private final class FixedClock: EventClock {
    func now() -> EventTimestamp { EventTimestamp(millisecondsSince1970: 0) }
}
