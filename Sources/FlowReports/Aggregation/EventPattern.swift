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
        // By index and by key: iterating either collection would retain it, and an event's property object is
        // shared by every event of its batch with the same properties, across threads.
        for index in properties.indices where event.properties[properties[index].key] != properties[index].value {
            return false
        }
        return true
    }
}
