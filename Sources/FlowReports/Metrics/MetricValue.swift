public import FlowEvents

/// The per-user value of a `mean` metric: how many of a user's events match, or the sum of a number they carry.
public struct MetricValue: Sendable, Hashable {
    /// The events measured.
    public var events: EventMatcher
    /// The property whose number is summed over the matching events; nil counts the events instead.
    public var property: String?

    /// Creates a value: the count of `events`, or the sum of their `property` when one is given.
    public init(events: EventMatcher, property: String? = nil) {
        self.events = events
        self.property = property
    }
}
