public import FlowEvents

/// One named step of a funnel and the events that complete it.
public struct FunnelStep: Sendable, Hashable, Codable {
    /// The name reports show for the step.
    public var name: String
    /// The events that complete the step.
    public var matcher: EventMatcher

    /// Creates a step.
    public init(name: String, matcher: EventMatcher) {
        self.name = name
        self.matcher = matcher
    }
}
