/// Encodes one session's events as JSON lines without building `FlowEvent`s: what every line of
/// the session shares is encoded once, and what sessions share with each other once per
/// `SharedLineParts`.
///
/// The event line's one layout: `JSONLineEncoder` writes every `FlowEvent` through it too.
package struct SessionLineWriter {
    @usableFromInline static let schemaAndTime = Array(#"{"schema":\#(FlowEvent.currentSchemaVersion),"time":""#.utf8)

    /// `","session":…`
    @usableFromInline let sessionMember: [UInt8]
    /// `,"user":…,"experiment":`
    @usableFromInline let userMember: [UInt8]
    @usableFromInline let shared: SharedLineParts

    /// Creates the writer of the session `session` of `user`, sharing `shared` with the other sessions
    /// written into the same buffer.
    package init(session: String, user: String, shared: SharedLineParts = SharedLineParts()) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 + session.utf8.count)
        bytes.append(contentsOf: #"","session":"#.utf8)
        JSONLineEncoder.appendString(session, to: &bytes)
        sessionMember = bytes
        bytes = []
        bytes.reserveCapacity(32 + user.utf8.count)
        bytes.append(contentsOf: #","user":"#.utf8)
        JSONLineEncoder.appendString(user, to: &bytes)
        bytes.append(contentsOf: #","experiment":"#.utf8)
        userMember = bytes
        self.shared = shared
    }

    /// Appends `","session":…,"seq":…,"user":…,"experiment":`, leaving `seq` out when `sequence` is nil.
    @inlinable
    func appendIdentity(sequence: Int?, to line: LineBuffer) {
        line.append(sessionMember)
        if let sequence {
            line.append(#","seq":"#)
            line.appendDecimal(sequence)
        }
        line.append(userMember)
    }

    /// `…,"variant":…,"type":"` for an event attributed to `variant`, chosen by `experiment`.
    package func attribution(experiment: String?, variant: String?) -> [UInt8] {
        shared.attribution(experiment: experiment, variant: variant)
    }

    /// The attribution to `variant`, chosen by `experiment`, that every session sharing these
    /// parts shares: its `bytes` are what `attribution(experiment:variant:)` gives.
    package func lineAttribution(experiment: String?, variant: String?) -> LineAttribution {
        shared.lineAttribution(experiment: experiment, variant: variant)
    }

    /// Appends the line of one event, the `sequence`-th of its session (nil for none), whose properties
    /// `properties` adds in sorted key order.
    ///
    /// `attribution` is what `attribution(experiment:variant:)` gives for the event's experiment
    /// and variant, which a recorder looks up once for all the events of one variant. `schema` is
    /// the event's schema version: lines of the current one share their first bytes.
    @inlinable
    package func append(
        to line: LineBuffer,
        schema: Int = FlowEvent.currentSchemaVersion,
        time: EventTimestamp,
        sequence: Int?,
        type: EventType,
        attribution: [UInt8],
        screen: String?,
        action: String?,
        properties: (inout EventProperties) -> Void
    ) {
        appendUpToProperties(
            to: line, schema: schema, time: time, sequence: sequence, type: type, attribution: attribution, screen: screen,
            action: action
        )
        var members = EventProperties(encodingInto: line)
        properties(&members)
        line.append("}}\n")
    }

    /// Appends the line of `event`, the `sequence`-th of its session: everything from its attribution on, its
    /// tail, is copied from the one `attribution` keeps for the same event (see `LineTailKey`), or encoded and then kept.
    package func append(to line: LineBuffer, time: EventTimestamp, sequence: Int, attribution: LineAttribution, event: RecurringEvent) {
        line.append(Self.schemaAndTime)
        shared.timestamps.text(of: time).append(to: line)
        appendIdentity(sequence: sequence, to: line)
        guard !attribution.appendTail(of: event, to: line) else { return }
        let key = LineTailKey(event)
        let tailStart = line.count
        line.append(attribution.bytes)
        line.append(key.type.typeAndScreenKey)
        line.appendJSONStringOrNull(key.screen)
        line.append(#","action":"#)
        line.appendJSONStringOrNull(key.action)
        line.append(#","properties":{"#)
        var members = EventProperties(encodingInto: line)
        event.addProperties(to: &members)
        line.append("}}\n")
        attribution.keepTail(key, bytes: line.bytes(from: tailStart))
    }

    /// Appends the line of the `sequence`-th event of the session, whose properties are `encodedProperties`, members encoded as
    /// `encodeProperties(_:)` gives them: properties that many events share, encoded once.
    @inlinable
    package func append(
        to line: LineBuffer,
        time: EventTimestamp,
        sequence: Int,
        type: EventType,
        attribution: [UInt8],
        screen: String?,
        action: String?,
        encodedProperties: [UInt8]
    ) {
        appendUpToProperties(
            to: line, schema: FlowEvent.currentSchemaVersion, time: time, sequence: sequence, type: type,
            attribution: attribution, screen: screen, action: action
        )
        line.append(encodedProperties)
        line.append("}}\n")
    }

    /// The members `properties` adds, encoded as a line's `properties` object holds them, without the braces.
    package static func encodeProperties(_ properties: (inout EventProperties) -> Void) -> [UInt8] {
        let line = LineBuffer(capacity: 256)
        var members = EventProperties(encodingInto: line)
        properties(&members)
        return line.bytes
    }

    /// Appends everything of a line before its properties' members: up to `"properties":{`.
    @inlinable
    func appendUpToProperties(
        to line: LineBuffer,
        schema: Int,
        time: EventTimestamp,
        sequence: Int?,
        type: EventType,
        attribution: [UInt8],
        screen: String?,
        action: String?
    ) {
        if schema == FlowEvent.currentSchemaVersion {
            line.append(Self.schemaAndTime)
        } else {
            line.append(#"{"schema":"#)
            line.append(Array(String(schema).utf8))
            line.append(#","time":""#)
        }
        shared.timestamps.text(of: time).append(to: line)
        appendIdentity(sequence: sequence, to: line)
        line.append(attribution)
        line.append(type.typeAndScreenKey)
        line.appendJSONStringOrNull(screen)
        line.append(#","action":"#)
        line.appendJSONStringOrNull(action)
        line.append(#","properties":{"#)
    }
}

extension EventType {
    /// `<type>","screen":`, the bytes between `"type":"` and the screen.
    @usableFromInline var typeAndScreenKey: StaticString {
        switch self {
        case .sessionStarted: #"session_started","screen":"#
        case .exposure: #"exposure","screen":"#
        case .assignment: #"assignment","screen":"#
        case .screenShown: #"screen_shown","screen":"#
        case .action: #"action","screen":"#
        case .back: #"back","screen":"#
        case .childStarted: #"child_started","screen":"#
        case .childFinished: #"child_finished","screen":"#
        case .mutation: #"mutation","screen":"#
        case .flowCompleted: #"flow_completed","screen":"#
        case .flowAbandoned: #"flow_abandoned","screen":"#
        }
    }
}
