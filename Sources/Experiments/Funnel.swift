/// The ordered steps an experiment's analysis tracks, and the goal that counts as a conversion.
public struct Funnel: Sendable, Hashable {
    /// The steps in the order users are expected to reach them.
    public var steps: [EventMatcher]
    /// How long after exposure a goal event still counts, in seconds.
    public var conversionWindowSeconds: Double
    /// The event that counts as converting.
    public var goal: EventMatcher

    /// Creates a funnel.
    public init(steps: [EventMatcher], conversionWindowSeconds: Double, goal: EventMatcher) {
        self.steps = steps
        self.conversionWindowSeconds = conversionWindowSeconds
        self.goal = goal
    }
}
