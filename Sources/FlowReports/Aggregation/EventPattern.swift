import FlowEvents

/// What an ``EventMatcher`` asks of an event besides its type, held where this module matches it for every
/// event: checking it copies neither the matcher nor the event. Whoever holds the pattern checks the type,
/// usually by keeping patterns apart by `EventType.denseIndex`.
struct EventPattern: Sendable {
    /// One property the event must carry with this value.
    private struct Property: Sendable {
        let key: String
        let value: String
    }

    private let screen: String?
    private let action: String?
    private let properties: [Property]

    /// The pattern of `matcher`, without its type.
    init(_ matcher: EventMatcher) {
        screen = matcher.screen
        action = matcher.action
        properties = matcher.properties.keys.sorted().map { Property(key: $0, value: matcher.properties[$0] ?? "") }
    }

    /// Whether every field of `event` the pattern sets is equal: with the type checked apart, the same as
    /// ``EventMatcher/matches(_:)``.
    func matchesFields(of event: FlowEvent) -> Bool {
        if let screen, event.screen != screen { return false }
        if let action, event.action != action { return false }
        for property in properties where Self.value(of: property.key, in: event.properties) != property.value {
            return false
        }
        return true
    }

    /// The value of `key` among an event's `properties`: events carry a few, and comparing that many keys is
    /// cheaper than hashing one.
    private static func value(of key: String, in properties: [String: String]) -> String? {
        guard properties.count <= 4 else { return properties[key] }
        for (candidate, value) in properties where candidate == key {
            return value
        }
        return nil
    }
}
