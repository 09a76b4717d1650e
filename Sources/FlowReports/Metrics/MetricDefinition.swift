import FlowEvents

/// A per-user metric a team defines in its experiment config: what is measured, which way is better, over which
/// window, and how outliers are capped.
///
/// Every user exposed to an experiment gets a value of each of its metrics from their events in the metric's
/// window, anchored at their first exposure as the funnel is (docs/Statistics.md, "Metrics a team defines").
public struct MetricDefinition: Sendable, Hashable {
    /// The id experiments refer to the metric by, e.g. `revenue`.
    public var id: String
    /// How the metric reads in reports, e.g. `Revenue per user`.
    public var name: String
    /// What is measured for each user, and how the arms are compared.
    public var kind: MetricKind
    /// Whether a higher value is better or worse.
    public var direction: MetricDirection
    /// How long after a user's exposure their events count, in milliseconds; nil means the funnel's conversion
    /// window.
    public var windowMilliseconds: Int64?
    /// How extreme per-user values are capped before the arms are compared; nil means not at all.
    public var cap: MetricCap?
    /// The metric's own CUPED setting; nil means its experiment's (`analysis.cuped`).
    public var regressionAdjustment: MetricRegressionAdjustment?

    /// Creates a definition.
    public init(
        id: String, name: String, kind: MetricKind, direction: MetricDirection,
        windowMilliseconds: Int64? = nil, cap: MetricCap? = nil, regressionAdjustment: MetricRegressionAdjustment? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.direction = direction
        self.windowMilliseconds = windowMilliseconds
        self.cap = cap
        self.regressionAdjustment = regressionAdjustment
    }
}
