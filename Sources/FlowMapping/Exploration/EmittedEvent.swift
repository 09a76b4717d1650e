import FlowEvents

/// An event a flow logs, as exploration saw it: what a funnel step or goal matches (type, variant, screen,
/// action, properties), without the session, user and time of a real log.
package struct EmittedEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    package var type: EventType
    /// The variant the event is attributed to.
    package var variant: String?
    /// The screen it concerns.
    package var screen: String?
    /// The action it concerns.
    package var action: String?
    /// Its properties.
    package var properties: [String: String]

    /// The parts of `event` a funnel matches.
    package init(_ event: FlowEvent) {
        type = event.type
        variant = event.variant
        screen = event.screen
        action = event.action
        properties = event.properties
    }

    /// Whether `matcher` (a funnel step or goal) matches the event.
    package func isMatched(by matcher: EventMatcher) -> Bool {
        guard type == matcher.type else { return false }
        if let screen = matcher.screen, self.screen != screen { return false }
        if let action = matcher.action, self.action != action { return false }
        return matcher.properties.allSatisfy { properties[$0.key] == $0.value }
    }

    /// The event as a funnel step would name it: `mutation screen=signup operation=create_account outcome=succeeded`.
    package var description: String {
        EventMatcher(type: type, screen: screen, action: action, properties: properties).summary
    }
}
