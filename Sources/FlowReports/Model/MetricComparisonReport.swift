/// One goal, guardrail or secondary metric of one treatment compared with control.
public struct MetricComparisonReport: Sendable, Hashable, Codable {
    /// The metric's id, e.g. `back_navigations` or a team's `revenue`.
    public var metric: String
    /// How the metric reads, e.g. `Revenue per user`.
    public var name: String
    /// The metric's kind: `proportion`, `mean`, `ratio`, `quantile`, `duration` or `retention`.
    public var kind: String
    /// What the experiment asks of the metric: to decide by it, to guard against it, or to watch it.
    public var role: MetricRole
    /// Whether the metric is a guardrail (must not get worse): `role == .guardrail`.
    public var isGuardrail: Bool
    /// Which way is better.
    public var direction: MetricDirection
    /// The treatment arm's variant.
    public var variant: String
    /// The control arm's variant.
    public var control: String
    /// Users measured in the treatment: every user, but for a duration those who reached its end and for a
    /// quantile those with a value.
    public var treatmentUsers: Int
    /// Users measured in control.
    public var controlUsers: Int
    /// The treatment's value of the metric: its mean (a share for a proportion), ratio or quantile; absent when it
    /// is undefined (no users with a value, a ratio whose denominator sums to 0).
    public var treatmentMean: Double?
    /// Control's value of the metric; absent when it is undefined.
    public var controlMean: Double?
    /// The treatment's median (nearest rank), for durations.
    public var treatmentMedian: Double?
    /// Control's median (nearest rank), for durations.
    public var controlMedian: Double?
    /// Treatment value − control value; absent when either is undefined.
    public var difference: Double?
    /// The (1 − alpha) interval of the difference; absent when the arms are too small to have one.
    public var interval: ConfidenceInterval?
    /// Treatment value / control value − 1; absent when control's value is 0.
    public var relativeDifference: Double?
    /// The (1 − alpha) delta-method interval of the relative difference; absent with it, or when the arms are too
    /// small to have one.
    public var relativeInterval: ConfidenceInterval?
    /// The two-sided p-value of the difference.
    public var pValue: Double
    /// The p-value adjusted across every metric and variant of the experiment.
    public var adjustedPValue: Double
    /// adjustedPValue < alpha; under the Bayesian engine, a chance to win of at least 1 − alpha or at most alpha.
    public var isSignificant: Bool
    /// Significant, and moved the way the metric's direction calls worse; under the Bayesian engine, a chance to
    /// win of at most alpha.
    public var isSignificantlyWorse: Bool
    /// For a duration, the treatment's users who never reached its end (left out of its value); for a retention
    /// metric, those whose window had not ended when the log did (left out too); absent otherwise.
    public var treatmentMissingUsers: Int?
    /// For a duration, control's users who never reached its end; for a retention metric, those whose window had not
    /// ended when the log did; absent otherwise.
    public var controlMissingUsers: Int?
    /// Events of either arm whose property was not a number where the metric sums one: skipped, not counted as 0.
    /// Absent when there were none.
    public var invalidValues: Int?
    /// The value per-user values were capped at from above, when the metric is capped from above.
    public var cap: Double?
    /// The value per-user values were raised to from below, when the metric is capped from below.
    public var lowerCap: Double?
    /// Why the comparison has no interval or p-value, or no relative difference; absent when it has both.
    public var limitation: MetricComparisonLimitation?
    /// The Bayesian reading (chance to win, credible interval, risks), present only under the Bayesian engine.
    public var bayesian: BayesianMetricReading?
    /// How CUPED adjusted the comparison, present when the experiment asks for it (`analysis.cuped`) and the metric
    /// is a proportion, mean or ratio. The difference, intervals, p-values and Bayesian reading are then the
    /// adjusted ones; the arms' values (`treatmentMean`, `controlMean`) stay their own.
    public var cuped: RegressionAdjustmentReport?

    /// Creates a metric comparison.
    public init(
        metric: String, name: String, kind: String, role: MetricRole, direction: MetricDirection, variant: String,
        control: String, treatmentUsers: Int, controlUsers: Int, treatmentMean: Double?, controlMean: Double?,
        treatmentMedian: Double? = nil, controlMedian: Double? = nil, difference: Double?, interval: ConfidenceInterval?,
        relativeDifference: Double? = nil, relativeInterval: ConfidenceInterval? = nil, pValue: Double,
        adjustedPValue: Double, isSignificant: Bool, isSignificantlyWorse: Bool
    ) {
        self.metric = metric
        self.name = name
        self.kind = kind
        self.role = role
        isGuardrail = role == .guardrail
        self.direction = direction
        self.variant = variant
        self.control = control
        self.treatmentUsers = treatmentUsers
        self.controlUsers = controlUsers
        self.treatmentMean = treatmentMean
        self.controlMean = controlMean
        self.treatmentMedian = treatmentMedian
        self.controlMedian = controlMedian
        self.difference = difference
        self.interval = interval
        self.relativeDifference = relativeDifference
        self.relativeInterval = relativeInterval
        self.pValue = pValue
        self.adjustedPValue = adjustedPValue
        self.isSignificant = isSignificant
        self.isSignificantlyWorse = isSignificantlyWorse
    }

    enum CodingKeys: String, CodingKey {
        case metric
        case name
        case kind
        case role
        case isGuardrail = "is_guardrail"
        case direction
        case variant
        case control
        case treatmentUsers = "treatment_users"
        case controlUsers = "control_users"
        case treatmentMean = "treatment_mean"
        case controlMean = "control_mean"
        case treatmentMedian = "treatment_median"
        case controlMedian = "control_median"
        case difference
        case interval
        case relativeDifference = "relative_difference"
        case relativeInterval = "relative_interval"
        case pValue = "p_value"
        case adjustedPValue = "adjusted_p_value"
        case isSignificant = "is_significant"
        case isSignificantlyWorse = "is_significantly_worse"
        case treatmentMissingUsers = "treatment_missing_users"
        case controlMissingUsers = "control_missing_users"
        case invalidValues = "invalid_values"
        case cap
        case lowerCap = "lower_cap"
        case limitation
        case bayesian
        case cuped
    }
}

extension MetricComparisonReport {
    /// Whether the metric's values are shares of users (a proportion or a retention metric), shown as percentages.
    var isShare: Bool {
        kind == "proportion" || kind == "retention"
    }
}
