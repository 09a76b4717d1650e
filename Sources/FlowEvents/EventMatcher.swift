/// A pattern an event either matches or not: its type, and optionally its screen, action and properties.
///
/// Every given field must be equal for a match; `properties` lists the property values that must be
/// present and equal, other properties of the event are ignored.
public struct EventMatcher: Sendable, Hashable, Codable {
    /// The event type to match.
    public var type: EventType
    /// The screen the event must concern; any screen when nil.
    public var screen: String?
    /// The action the event must concern; any action when nil.
    public var action: String?
    /// Properties the event must carry with exactly these values.
    public var properties: [String: String]

    /// Creates a matcher.
    public init(type: EventType, screen: String? = nil, action: String? = nil, properties: [String: String] = [:]) {
        self.type = type
        self.screen = screen
        self.action = action
        self.properties = properties
    }

    /// A matcher for `screen_shown` events of `screen`.
    public static func screenShown(_ screen: String) -> EventMatcher {
        EventMatcher(type: .screenShown, screen: screen)
    }

    /// Whether `event` has this matcher's type and every field the matcher sets.
    public func matches(_ event: FlowEvent) -> Bool {
        guard event.type == type else { return false }
        if let screen, event.screen != screen { return false }
        if let action, event.action != action { return false }
        for (key, value) in properties where event.properties[key] != value {
            return false
        }
        return true
    }

    /// A short, deterministic description for reports, e.g. `mutation operation=create_account outcome=succeeded`.
    public var summary: String {
        var parts = [type.rawValue]
        if let screen { parts.append("screen=\(screen)") }
        if let action { parts.append("action=\(action)") }
        for key in properties.keys.sorted() {
            parts.append("\(key)=\(properties[key] ?? "")")
        }
        return parts.joined(separator: " ")
    }
}
