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
    /// The sink again when it takes lines the recorder encodes itself.
    private let lineSink: EncodedEventBuffer?
    private let lineWriter: SessionLineWriter
    private let clock: any EventClock
    /// The experiment that chose each variant; later entries win, as assignments are read in order.
    private let experimentsByVariant: [(variant: String, experiment: String)]
    // Read for every event, never in overlapping accesses.
    @exclusivity(unchecked) private var visibleScreen: String?
    /// The first error the sink reported; recording stops after it.
    @exclusivity(unchecked) public private(set) var failure: EventSinkError?

    /// Creates a recorder for one session whose variants were chosen by `assignments`.
    public init(session: String, user: String, assignments: [SlotAssignment], sink: any FlowEventSink, clock: any EventClock) {
        self.session = session
        self.user = user
        self.sink = sink
        lineSink = sink as? EncodedEventBuffer
        lineWriter = SessionLineWriter(session: session, user: user, shared: lineSink?.sharedParts ?? SharedLineParts())
        self.clock = clock
        experimentsByVariant = assignments.compactMap { assignment in
            assignment.experiment.map { (assignment.variant.rawValue, $0) }
        }
    }

    /// Records the start of the session: `session_started`, then an `exposure` for every slot an
    /// experiment hashed the user into and an `assignment` for every other slot.
    public func recordStart(of assignments: [SlotAssignment]) {
        record(type: .sessionStarted) { properties in
            for (slot, variant) in Self.variantsBySlot(assignments) { properties.add(slot, variant) }
        }
        for assignment in assignments {
            let slot = assignment.slot.rawValue
            let variant = assignment.variant.rawValue
            switch assignment.reason {
            case .experiment(let key, let variationIndex, let hashAttribute, let hashValue, let bucket):
                record(type: .exposure, experiment: key, variant: variant) { properties in
                    properties.add("bucket", String(bucket))
                    properties.add("hash_attribute", hashAttribute)
                    properties.add("hash_value", hashValue)
                    properties.add("slot", slot)
                    properties.add("variation_index", String(variationIndex))
                }
            case .forced, .forcedByConfig, .rule, .default:
                record(type: .assignment, experiment: assignment.experiment, variant: variant) { properties in
                    properties.add("reason", assignment.reasonName)
                    if case .rule(let index) = assignment.reason { properties.add("rule_index", String(index)) }
                    properties.add("slot", slot)
                }
            }
        }
    }

    /// Records one flow signal.
    public func record(_ signal: FlowSignal) {
        let variant = signal.origin
        let experiment = variant.flatMap(experiment(choosing:))
        switch signal.kind {
        case .screenShown(let screen):
            visibleScreen = screen
            record(type: .screenShown, experiment: experiment, variant: variant, screen: screen)
        case .action(let screen, let action):
            record(type: .action, experiment: experiment, variant: variant, screen: screen, action: action)
        case .back(let from, let to):
            record(type: .back, experiment: experiment, variant: variant, screen: from) { properties in
                if let to { properties.add("to", to) }
            }
        case .childStarted(let child):
            record(type: .childStarted, experiment: experiment, variant: variant) { properties in
                properties.add("coordinator", child)
                properties.add("parent", signal.coordinator)
            }
        case .childFinished(let child, let reason):
            record(type: .childFinished, experiment: experiment, variant: variant) { properties in
                properties.add("coordinator", child)
                properties.add("parent", signal.coordinator)
                properties.add("reason", reason.rawValue)
            }
        case .mutation(let operation, .succeeded):
            record(type: .mutation, experiment: experiment, variant: variant, screen: visibleScreen) { properties in
                properties.add("operation", operation)
                properties.add("outcome", "succeeded")
            }
        case .mutation(let operation, .failed(let reason)):
            record(type: .mutation, experiment: experiment, variant: variant, screen: visibleScreen) { properties in
                properties.add("operation", operation)
                properties.add("outcome", "failed")
                properties.add("reason", reason)
            }
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

    private func experiment(choosing variant: String) -> String? {
        experimentsByVariant.last { $0.variant == variant }?.experiment
    }

    /// The variant of every slot, sorted by slot; a slot assigned twice keeps its last variant.
    private static func variantsBySlot(_ assignments: [SlotAssignment]) -> [(slot: String, variant: String)] {
        var pairs: [(slot: String, variant: String)] = []
        pairs.reserveCapacity(assignments.count)
        for assignment in assignments {
            let slot = assignment.slot.rawValue
            if let index = pairs.firstIndex(where: { $0.slot == slot }) {
                pairs[index].variant = assignment.variant.rawValue
            } else {
                pairs.append((slot, assignment.variant.rawValue))
            }
        }
        if pairs.count > 1 { pairs.sort { $0.slot < $1.slot } }
        return pairs
    }

    /// Records one event; `properties` adds its properties in sorted key order.
    private func record(
        type: FlowEvents.EventType,
        experiment: String? = nil,
        variant: String? = nil,
        screen: String? = nil,
        action: String? = nil,
        properties: (inout EventProperties) -> Void = { _ in }
    ) {
        guard failure == nil else { return }
        let time = clock.now()
        if let lineSink {
            lineSink.appendLine { line in
                lineWriter.append(
                    to: line, time: time, type: type, experiment: experiment, variant: variant,
                    screen: screen, action: action, properties: properties
                )
            }
            return
        }
        var collected = EventProperties()
        properties(&collected)
        let event = FlowEvent(
            time: time, session: session, user: user,
            experiment: experiment, variant: variant, type: type,
            screen: screen, action: action, properties: collected.dictionary
        )
        do {
            try sink.record(event)
        } catch {
            failure = error
        }
    }
}
