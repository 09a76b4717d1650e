/// The ordered steps an experiment's analysis tracks, and the goal that counts as a conversion.
public struct Funnel: Sendable, Hashable {
    /// The steps in the order users are expected to reach them.
    public var steps: [EventMatcher]
    /// How long after exposure a goal event still counts, in seconds.
    public var conversionWindowSeconds: Double
    /// The event that counts as converting.
    public var goal: EventMatcher
    /// Per-user metrics that must not get worse (`back_navigations`, `failed_mutations`, `time_to_complete`).
    public var guardrails: [String]
    /// Further per-user metrics reported beside the goal, from the same names.
    public var metrics: [String]

    /// The metric names `guardrails` and `metrics` accept.
    public static let metricNames = ["back_navigations", "failed_mutations", "time_to_complete"]

    /// Creates a funnel.
    public init(
        steps: [EventMatcher], conversionWindowSeconds: Double, goal: EventMatcher, guardrails: [String] = [],
        metrics: [String] = []
    ) {
        self.steps = steps
        self.conversionWindowSeconds = conversionWindowSeconds
        self.goal = goal
        self.guardrails = guardrails
        self.metrics = metrics
    }
}
