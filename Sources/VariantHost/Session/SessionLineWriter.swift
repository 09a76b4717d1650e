import FlowEvents

/// Encodes one session's events as JSON lines, byte for byte as `JSONLineEncoder` does, without
/// building `FlowEvent`s: what every line of the session shares is encoded once.
struct SessionLineWriter {
    private static let schemaAndTime = Array(#"{"schema":\#(FlowEvent.currentSchemaVersion),"time":""#.utf8)

    /// `","session":…,"user":…,"experiment":`
    private let sessionAndUser: [UInt8]
    private var timestamps = EventTimestampTextCache()
    /// `…,"variant":…,"type":"` of every attribution seen so far, found by linear search: a
    /// session has a handful.
    private var attributions: [(experiment: String?, variant: String?, bytes: [UInt8])] = []

    init(session: String, user: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(48 + session.utf8.count + user.utf8.count)
        bytes.append(contentsOf: #"","session":"#.utf8)
        JSONLineEncoder.appendString(session, to: &bytes)
        bytes.append(contentsOf: #","user":"#.utf8)
        JSONLineEncoder.appendString(user, to: &bytes)
        bytes.append(contentsOf: #","experiment":"#.utf8)
        sessionAndUser = bytes
        attributions.reserveCapacity(4)
    }

    /// Appends the line of one event, whose properties `properties` adds in sorted key order.
    mutating func append(
        to line: inout [UInt8],
        time: EventTimestamp,
        type: FlowEvents.EventType,
        experiment: String?,
        variant: String?,
        screen: String?,
        action: String?,
        properties: (inout EventProperties) -> Void
    ) {
        line.append(contentsOf: Self.schemaAndTime)
        timestamps.append(time, to: &line)
        line.append(contentsOf: sessionAndUser)
        appendAttribution(experiment: experiment, variant: variant, to: &line)
        type.withTypeAndScreenKey { line.append(contentsOf: $0) }
        Self.appendOptionalString(screen, to: &line)
        Self.append(#","action":"#, to: &line)
        Self.appendOptionalString(action, to: &line)
        Self.append(#","properties":{"#, to: &line)
        var members = EventProperties(encodingAfter: [])
        swap(&members.line, &line)
        properties(&members)
        swap(&members.line, &line)
        Self.append("}}\n", to: &line)
    }

    private mutating func appendAttribution(experiment: String?, variant: String?, to line: inout [UInt8]) {
        for attribution in attributions where attribution.variant == variant && attribution.experiment == experiment {
            line.append(contentsOf: attribution.bytes)
            return
        }
        var bytes: [UInt8] = []
        Self.appendOptionalString(experiment, to: &bytes)
        bytes.append(contentsOf: #","variant":"#.utf8)
        Self.appendOptionalString(variant, to: &bytes)
        bytes.append(contentsOf: #","type":""#.utf8)
        attributions.append((experiment, variant, bytes))
        line.append(contentsOf: bytes)
    }

    private static func appendOptionalString(_ value: String?, to line: inout [UInt8]) {
        if let value {
            JSONLineEncoder.appendString(value, to: &line)
        } else {
            append("null", to: &line)
        }
    }

    private static func append(_ text: StaticString, to line: inout [UInt8]) {
        text.withUTF8Buffer { line.append(contentsOf: $0) }
    }
}

extension FlowEvents.EventType {
    /// Calls `body` with `<type>","screen":`, the bytes between `"type":"` and the screen.
    fileprivate func withTypeAndScreenKey(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let text: StaticString = switch self {
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
        text.withUTF8Buffer(body)
    }
}
