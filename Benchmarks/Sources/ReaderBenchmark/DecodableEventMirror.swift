import FlowEvents

/// The event line as a `Decodable` type, the straightforward way to read the log with `JSONDecoder`.
struct DecodableEventMirror: Decodable {
    var schema: Int
    var time: String
    var session: String
    var user: String
    var experiment: String?
    var variant: String?
    var type: EventType
    var screen: String?
    var action: String?
    var properties: [String: String]?

    /// The event this line describes, or nil when its schema or timestamp is not readable.
    var event: FlowEvent? {
        guard schema == FlowEvent.currentSchemaVersion, let timestamp = EventTimestamp(iso8601: time.utf8) else {
            return nil
        }
        return FlowEvent(
            time: timestamp, session: session, user: user, experiment: experiment, variant: variant,
            type: type, screen: screen, action: action, properties: properties ?? [:]
        )
    }
}
