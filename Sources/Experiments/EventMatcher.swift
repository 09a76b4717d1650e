/// Describes which events count as a funnel step or goal, e.g. `{"type": "screen_shown", "screen": "signup"}`.
///
/// Every field that is set must match; unset fields match anything.
public struct EventMatcher: Sendable, Hashable {
    /// A human-readable label for reports, e.g. `Saw signup`.
    public var name: String?
    /// The event type that matches.
    public var type: EventType
    /// The screen the event must concern, if any.
    public var screen: String?
    /// The action the event must name, if any.
    public var action: String?
    /// Event properties that must be present with exactly these values, e.g. `["operation": "create_account"]`.
    public var properties: [String: String]

    /// Creates a matcher.
    public init(name: String? = nil, type: EventType, screen: String? = nil, action: String? = nil, properties: [String: String] = [:]) {
        self.name = name
        self.type = type
        self.screen = screen
        self.action = action
        self.properties = properties
    }

    /// Whether an event with these fields matches.
    public func matches(type: EventType, screen: String?, action: String?, properties: [String: String]) -> Bool {
        guard type == self.type else { return false }
        if let expectedScreen = self.screen, expectedScreen != screen { return false }
        if let expectedAction = self.action, expectedAction != action { return false }
        return self.properties.allSatisfy { properties[$0.key] == $0.value }
    }

    /// The name, or a description built from the fields when unnamed.
    public var label: String {
        if let name { return name }
        var parts = [type.rawValue]
        if let screen { parts.append("screen=\(screen)") }
        if let action { parts.append("action=\(action)") }
        parts += properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return parts.joined(separator: " ")
    }
}
