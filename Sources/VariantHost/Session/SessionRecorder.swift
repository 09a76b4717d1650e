import Coordination
import Experiments
import FlowEvents

/// Turns a session's flow signals into log events and records them in a sink.
///
/// Each event is stamped with the session, the user, the clock's time, and attributed to the
/// variant whose coordinator emitted it (its origin) and the experiment that chose it.
/// Mutations are logged with the screen that was visible when the coordinator made them.
public final class SessionRecorder {
    /// The session's identifier.
    public let session: String
    /// The user's identifier.
    public let user: String
    private let sink: any FlowEventSink
    private let clock: any EventClock
    private let experimentsByVariant: [String: String]
    private var visibleScreen: String?
    /// The first error the sink reported; recording stops after it.
    public private(set) var failure: EventSinkError?

    /// Creates a recorder for one session whose variants were chosen by `assignments`.
    public init(session: String, user: String, assignments: [SlotAssignment], sink: any FlowEventSink, clock: any EventClock) {
        self.session = session
        self.user = user
        self.sink = sink
        self.clock = clock
        var experiments: [String: String] = [:]
        for assignment in assignments {
            if let experiment = assignment.experiment { experiments[assignment.variant.rawValue] = experiment }
        }
        experimentsByVariant = experiments
    }

    /// Records the start of the session: `session_started`, then an `exposure` for every slot an
    /// experiment hashed the user into and an `assignment` for every other slot.
    public func recordStart(of assignments: [SlotAssignment]) {
        var slots: [String: String] = [:]
        for assignment in assignments { slots[assignment.slot.rawValue] = assignment.variant.rawValue }
        record(type: .sessionStarted, properties: slots)
        for assignment in assignments {
            let slot = assignment.slot.rawValue
            let variant = assignment.variant.rawValue
            switch assignment.reason {
            case .experiment(let key, let variationIndex, let hashAttribute, let hashValue, let bucket):
                record(
                    type: .exposure,
                    experiment: key,
                    variant: variant,
                    properties: [
                        "slot": slot,
                        "variation_index": String(variationIndex),
                        "hash_attribute": hashAttribute,
                        "hash_value": hashValue,
                        "bucket": String(bucket),
                    ]
                )
            case .forced, .forcedByConfig, .rule, .default:
                var properties = ["slot": slot, "reason": assignment.reasonName]
                if case .rule(let index) = assignment.reason { properties["rule_index"] = String(index) }
                record(type: .assignment, experiment: assignment.experiment, variant: variant, properties: properties)
            }
        }
    }

    /// Records one flow signal.
    public func record(_ signal: FlowSignal) {
        let variant = signal.origin
        let experiment = variant.flatMap { experimentsByVariant[$0] }
        switch signal.kind {
        case .screenShown(let screen):
            visibleScreen = screen
            record(type: .screenShown, experiment: experiment, variant: variant, screen: screen)
        case .action(let screen, let action):
            record(type: .action, experiment: experiment, variant: variant, screen: screen, action: action)
        case .back(let from, let to):
            record(type: .back, experiment: experiment, variant: variant, screen: from, properties: to.map { ["to": $0] } ?? [:])
        case .childStarted(let child):
            record(
                type: .childStarted, experiment: experiment, variant: variant,
                properties: ["coordinator": child, "parent": signal.coordinator]
            )
        case .childFinished(let child, let reason):
            record(
                type: .childFinished, experiment: experiment, variant: variant,
                properties: ["coordinator": child, "parent": signal.coordinator, "reason": reason.rawValue]
            )
        case .mutation(let operation, .succeeded):
            record(
                type: .mutation, experiment: experiment, variant: variant, screen: visibleScreen,
                properties: ["operation": operation, "outcome": "succeeded"]
            )
        case .mutation(let operation, .failed(let reason)):
            record(
                type: .mutation, experiment: experiment, variant: variant, screen: visibleScreen,
                properties: ["operation": operation, "outcome": "failed", "reason": reason]
            )
        case .flowCompleted(let screen):
            record(type: .flowCompleted, experiment: experiment, variant: variant, screen: screen)
        case .flowAbandoned(let screen):
            record(type: .flowAbandoned, experiment: experiment, variant: variant, screen: screen)
        }
    }

    /// Writes out what the sink buffered; remembers a failure instead of throwing.
    public func flush() {
        guard failure == nil else { return }
        do {
            try sink.flush()
        } catch {
            failure = error
        }
    }

    private func record(
        type: FlowEvents.EventType,
        experiment: String? = nil,
        variant: String? = nil,
        screen: String? = nil,
        action: String? = nil,
        properties: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        let event = FlowEvent(
            time: clock.now(), session: session, user: user,
            experiment: experiment, variant: variant, type: type,
            screen: screen, action: action, properties: properties
        )
        do {
            try sink.record(event)
        } catch {
            failure = error
        }
    }
}
