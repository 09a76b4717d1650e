import Coordination
import Experiments
import FlowEvents

/// Turns a session's flow signals into log events and records them in a sink.
///
/// Each event is stamped with the session, the user, the clock's time, and attributed to the
/// variant whose coordinator emitted it and the experiment that chose it.
/// Mutations are logged with the screen that was visible when the coordinator made them.
package final class SessionRecorder {
    /// The session's identifier.
    package let session: String
    /// The user's identifier.
    package let user: String
    /// Where the events go, each destination by its one path.
    private let destination: Destination
    private let lineWriter: SessionLineWriter
    private let clock: any EventClock
    /// The session's assignments, which say the experiment that chose each variant.
    private let assignments: [SlotAssignment]
    /// The attribution of events no variant emitted.
    private let unattributed: Attribution
    /// The first error the sink reported; recording stops after it.
    package var failure: EventSinkError? { state.failure }
    // What the recorder keeps track of as the session goes, read and changed for every event by its
    // own methods only, each access ending before any call out (to the sink or a closure adding
    // properties). Checking that at run time costs more than the accesses, so release builds do not;
    // debug builds, which run the whole test suite, check every access.
    #if DEBUG
    private var state = RecordingState()
    #else
    @exclusivity(unchecked) private var state = RecordingState()
    #endif

    private struct RecordingState {
        /// The screen the user sees, which mutations are logged with.
        var visibleScreen: String?
        /// The attribution of every variant seen so far, found by linear search: a session has a handful.
        var attributionsByVariant = KnownAttributions()
        var failure: EventSinkError?
        /// The `seq` of the session's next event.
        var nextSequence = 0

        /// The `seq` of an event about to be recorded, and the next one's counted.
        mutating func takeSequence() -> Int {
            defer { nextSequence += 1 }
            return nextSequence
        }
    }
    /// Where a recorder's events go.
    private enum Destination {
        /// A sink, handed each event as a `FlowEvent`.
        case events(any FlowEventSink)
        /// A simulation's buffer, which the recorder encodes each event's line into itself, with the
        /// layout `JSONLineEncoder` gives a `FlowEvent`, without building the event.
        case lines(EncodedEventBuffer)
    }

    /// The event budget of a simulated session, which this recorder counts against.
    var budget: SessionEventBudget?

    /// The `reason` of a `flow_abandoned` logged because the session spent its event budget.
    package static let eventLimitReason = "event_limit"

    /// Creates a recorder for one session whose variants were chosen by `assignments`, recording
    /// every event in `sink`.
    package convenience init(
        session: String, user: String, assignments: [SlotAssignment], sink: any FlowEventSink, clock: any EventClock
    ) {
        self.init(session: session, user: user, assignments: assignments, destination: .events(sink), clock: clock)
    }

    /// Creates a recorder for one session whose variants were chosen by `assignments`, encoding
    /// every event's line into `buffer` itself, as a simulation does: the same bytes as recording
    /// events in a sink that encodes them, without building the events.
    convenience init(session: String, user: String, assignments: [SlotAssignment], encodingInto buffer: EncodedEventBuffer, clock: any EventClock) {
        self.init(session: session, user: user, assignments: assignments, destination: .lines(buffer), clock: clock)
    }

    private init(
        session: String,
        user: String,
        assignments: [SlotAssignment],
        destination: Destination,
        clock: any EventClock
    ) {
        self.session = session
        self.user = user
        self.destination = destination
        let shared = if case .lines(let buffer) = destination { buffer.sharedParts } else { SharedLineParts() }
        lineWriter = SessionLineWriter(session: session, user: user, shared: shared)
        self.clock = clock
        self.assignments = assignments
        unattributed = lineWriter.lineAttribution(experiment: nil, variant: nil)
    }

    /// Records the start of the session: `session_started`, then an `exposure` for every slot an
    /// experiment hashed the user into and an `assignment` for every other slot.
    ///
    /// `session_started` carries every slot's variant and the user's targeting `attributes`, so that
    /// reports can break results down by either (`report --segment-by deviceClass`); see
    /// `SessionAttributes` for which attributes are logged.
    package func recordStart(of assignments: [SlotAssignment], attributes: Attributes = Attributes()) {
        let slots = Self.variantsBySlot(assignments)
        let logged = SessionAttributes.logged(attributes, besideSlots: slots)
        record(type: .sessionStarted, attribution: unattributed) { properties in
            Self.addStartProperties(slots: slots, attributes: logged, to: &properties)
        }
        recordAssignments(assignments)
    }

    /// Records the start of the session as `recordStart(of:attributes:)` does, with the
    /// `session_started` properties of `startProperties` when it holds them, and keeping them there
    /// when it does not: a simulation encodes them once for all its sessions with the same slots,
    /// variants and attribute values.
    ///
    /// `startProperties` must hold nothing, or what this gave for the same slots and variants of
    /// `assignments` and the same logged `attributes`.
    func recordStart(of assignments: [SlotAssignment], attributes: Attributes, startProperties: inout [UInt8]?) {
        guard case .lines(let buffer) = destination else {
            recordStart(of: assignments, attributes: attributes)
            return
        }
        if startProperties == nil {
            let slots = Self.variantsBySlot(assignments)
            let logged = SessionAttributes.logged(attributes, besideSlots: slots)
            startProperties = SessionLineWriter.encodeProperties { properties in
                Self.addStartProperties(slots: slots, attributes: logged, to: &properties)
            }
        }
        if let encoded = startProperties, state.failure == nil {
            budget?.recorded += 1
            let time = clock.now()
            let sequence = state.takeSequence()
            buffer.appendLine { line in
                lineWriter.append(
                    to: line, time: time, sequence: sequence, type: .sessionStarted, attribution: unattributed.bytes,
                    screen: nil, action: nil, encodedProperties: encoded
                )
            }
        }
        recordAssignments(assignments)
    }

    /// Adds `session_started`'s properties: the variant of every slot and the logged attributes.
    private static func addStartProperties(
        slots: [(slot: String, variant: String)],
        attributes logged: [(key: String, value: String)],
        to properties: inout EventProperties
    ) {
        // Both are sorted by key: merged as they are written.
        var slot = slots.startIndex
        var attribute = logged.startIndex
        while slot < slots.endIndex || attribute < logged.endIndex {
            if attribute == logged.endIndex || (slot < slots.endIndex && slots[slot].slot < logged[attribute].key) {
                properties.add(key: slots[slot].slot, value: slots[slot].variant)
                slot += 1
            } else {
                properties.add(key: logged[attribute].key, value: logged[attribute].value)
                attribute += 1
            }
        }
    }

    /// Records an `exposure` for every slot an experiment hashed the user into and an `assignment`
    /// for every other slot.
    private func recordAssignments(_ assignments: [SlotAssignment]) {
        // Read in place, by index: copying an assignment copies its every string.
        for position in assignments.indices {
            let slot = assignments[position].slot.rawValue
            let variant = assignments[position].variant.rawValue
            switch assignments[position].reason {
            case .experiment(let key, let variationIndex, let hashAttribute, let hashValue, let bucket):
                let stickyBucketUsed = assignments[position].stickyBucketUsed
                record(type: .exposure, attribution: attribution(experiment: key, variant: variant)) { properties in
                    properties.add("bucket", bucket)
                    properties.add("hash_attribute", hashAttribute)
                    properties.add("hash_value", hashValue)
                    properties.add("slot", slot)
                    if stickyBucketUsed { properties.add("sticky_bucket", "true") }
                    properties.add("variation_index", variationIndex)
                }
            case .forced, .forcedByConfig, .default:
                let attribution = self.attribution(experiment: assignments[position].experiment, variant: variant)
                let reason = assignments[position].reasonName
                recordKeyed(.assignment(reason: reason, slot: slot), attribution: attribution)
            case .rule(let index):
                let attribution = self.attribution(experiment: assignments[position].experiment, variant: variant)
                let reason = assignments[position].reasonName
                let ruleIndex = String(index)
                recordKeyed(.ruleAssignment(reason: reason, ruleIndex: ruleIndex, slot: slot), attribution: attribution)
            }
        }
    }

    /// Records one flow signal.
    ///
    /// Every signal but a mutation with values is a `RecurringEvent`, all of whose parts are names that recur
    /// (screens, actions, coordinators, outcomes): encoding into a buffer, the recorder writes such a line's tail,
    /// from its attribution on, once for all the sessions sharing the buffer's attributions and copies it after.
    package func record(_ signal: FlowSignal) {
        let attribution = attribution(ofVariant: signal.variant)
        switch signal.kind {
        case .screenShown(let screen):
            state.visibleScreen = screen
            recordKeyed(.screenShown(screen: screen), attribution: attribution)
        case .action(let screen, let action):
            recordKeyed(.action(screen: screen, action: action), attribution: attribution)
        case .back(let from, let to):
            recordKeyed(.back(from: from, to: to), attribution: attribution)
        case .childStarted(let child):
            recordKeyed(.childStarted(coordinator: child, parent: signal.coordinator), attribution: attribution)
        case .childFinished(let child, let reason):
            recordKeyed(.childFinished(coordinator: child, parent: signal.coordinator, reason: reason.rawValue), attribution: attribution)
        case .mutation(let operation, let outcome, let values) where !values.isEmpty:
            // Each line differs by its values: encoded afresh rather than kept as a tail.
            let members = MutationProperties.members(operation: operation, outcome: outcome, values: values)
            record(type: .mutation, attribution: attribution, screen: state.visibleScreen) { properties in
                for member in members { properties.add(key: member.key, value: member.value) }
            }
        case .mutation(let operation, .succeeded, _):
            recordKeyed(.mutationSucceeded(screen: state.visibleScreen, operation: operation), attribution: attribution)
        case .mutation(let operation, .failed(let reason), _):
            recordKeyed(.mutationFailed(screen: state.visibleScreen, operation: operation, reason: reason), attribution: attribution)
        case .flowCompleted(let screen):
            recordKeyed(.flowCompleted(screen: screen), attribution: attribution)
        case .flowAbandoned(let screen):
            let reason = budget?.stoppedTheSession == true ? Self.eventLimitReason : nil
            recordKeyed(.flowAbandoned(screen: screen, reason: reason), attribution: attribution)
        }
    }

    /// Writes out what the sink buffered; remembers a failure instead of throwing.
    package func flush() {
        guard state.failure == nil else { return }
        do {
            switch destination {
            case .events(let sink): try sink.flush()
            case .lines(let buffer): try buffer.flush()
            }
        } catch {
            state.failure = error
        }
    }

    /// The attribution of events emitted by coordinators of `variant`: that variant, and
    /// the experiment that chose it.
    private func attribution(ofVariant variant: String?) -> Attribution {
        if let known = state.attributionsByVariant.first(where: { Self.same($0.variant, variant) }) { return known }
        let attribution = lineWriter.lineAttribution(experiment: experiment(ofVariant: variant), variant: variant)
        keep(attribution)
        return attribution
    }

    /// The attribution of an event about `variant`, chosen by `experiment`: the one of its coordinators
    /// when that is the same, which the session's later events then share.
    private func attribution(experiment: String?, variant: String) -> Attribution {
        if let known = state.attributionsByVariant.first(where: { $0.variant == variant && $0.experiment == experiment }) {
            return known
        }
        let attribution = lineWriter.lineAttribution(experiment: experiment, variant: variant)
        if experiment == self.experiment(ofVariant: variant), state.attributionsByVariant.first(where: { $0.variant == variant }) == nil {
            keep(attribution)
        }
        return attribution
    }

    /// The experiment that chose `variant`: the last assignment's that an experiment made.
    private func experiment(ofVariant variant: String?) -> String? {
        guard let variant else { return nil }
        for assignment in assignments.reversed() where assignment.variant.rawValue == variant {
            if let experiment = assignment.experiment { return experiment }
        }
        return nil
    }

    /// Whether `first` and `second` are the same text: a variant is compared with the few of a
    /// session for every event, and texts of different lengths are told apart without comparing them.
    private static func same(_ first: String?, _ second: String?) -> Bool {
        guard let first else { return second == nil }
        guard let second else { return false }
        return first.utf8.count == second.utf8.count && first == second
    }

    /// Keeps `attribution` for the later events of its variant.
    private func keep(_ attribution: Attribution) {
        state.attributionsByVariant.append(attribution)
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

    /// Records `event`, whose line's tail a buffer keeps for the sessions sharing its attributions.
    private func recordKeyed(_ event: RecurringEvent, attribution: Attribution) {
        guard case .lines(let buffer) = destination else {
            record(type: event.type, attribution: attribution, screen: event.screen, action: event.action) { properties in
                event.addProperties(to: &properties)
            }
            return
        }
        guard state.failure == nil else { return }
        budget?.recorded += 1
        let time = clock.now()
        let sequence = state.takeSequence()
        buffer.appendLine { line in
            lineWriter.append(to: line, time: time, sequence: sequence, attribution: attribution, event: event)
        }
    }

    /// Records one event; `properties` adds its properties in sorted key order.
    private func record(
        type: FlowEvents.EventType,
        attribution: Attribution,
        screen: String? = nil,
        action: String? = nil,
        properties: (inout EventProperties) -> Void = { _ in }
    ) {
        guard state.failure == nil else { return }
        budget?.recorded += 1
        let time = clock.now()
        let sequence = state.takeSequence()
        switch destination {
        case .lines(let buffer):
            buffer.appendLine { line in
                lineWriter.append(
                    to: line, time: time, sequence: sequence, type: type, attribution: attribution.bytes,
                    screen: screen, action: action, properties: properties
                )
            }
        case .events(let sink):
            var collected = EventProperties()
            properties(&collected)
            let event = FlowEvent(
                time: time, session: session, sequence: sequence, user: user,
                experiment: attribution.experiment, variant: attribution.variant, type: type,
                screen: screen, action: action, properties: collected.dictionary
            )
            do {
                try sink.record(event)
            } catch {
                state.failure = error
            }
        }
    }
}

/// Who an event is attributed to, shared by the sessions recorded into one buffer.
private typealias Attribution = LineAttribution

/// The attributions a session has met, in the order met: the first four are kept inline, because
/// a session meets a handful and an array would cost an allocation per session.
private struct KnownAttributions {
    private var first: Attribution?
    private var second: Attribution?
    private var third: Attribution?
    private var fourth: Attribution?
    private var more: [Attribution] = []

    /// The first attribution met that `matches`.
    func first(where matches: (Attribution) -> Bool) -> Attribution? {
        guard let first else { return nil }
        if matches(first) { return first }
        guard let second else { return nil }
        if matches(second) { return second }
        guard let third else { return nil }
        if matches(third) { return third }
        guard let fourth else { return nil }
        if matches(fourth) { return fourth }
        return more.first(where: matches)
    }

    /// Keeps `attribution` after those met before.
    mutating func append(_ attribution: Attribution) {
        if first == nil {
            first = attribution
        } else if second == nil {
            second = attribution
        } else if third == nil {
            third = attribution
        } else if fourth == nil {
            fourth = attribution
        } else {
            more.append(attribution)
        }
    }
}
