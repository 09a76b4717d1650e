/// One guardrail or secondary metric of one treatment compared with control.
public struct MetricComparisonReport: Sendable, Hashable, Codable {
    /// The metric, e.g. `back_navigations`.
    public var metric: GuardrailMetric
    /// Whether the metric is a guardrail (must not get worse) rather than a secondary metric.
    public var isGuardrail: Bool
    /// The treatment arm's variant.
    public var variant: String
    /// The control arm's variant.
    public var control: String
    /// Users measured in the treatment (for time to complete, those who completed).
    public var treatmentUsers: Int
    /// Users measured in control.
    public var controlUsers: Int
    /// The treatment's mean.
    public var treatmentMean: Double
    /// Control's mean.
    public var controlMean: Double
    /// The treatment's median (nearest rank), for time to complete.
    public var treatmentMedian: Double?
    /// Control's median (nearest rank), for time to complete.
    public var controlMedian: Double?
    /// Treatment mean − control mean.
    public var difference: Double
    /// The (1 − alpha) Welch interval of the difference; absent when an arm has fewer than 2 users measured.
    public var interval: ConfidenceInterval?
    /// Welch's two-sided p-value.
    public var pValue: Double
    /// The p-value adjusted across every metric and variant of the experiment.
    public var adjustedPValue: Double
    /// adjustedPValue < alpha.
    public var isSignificant: Bool
    /// Significant, and higher in the treatment: for these metrics, worse.
    public var isSignificantlyWorse: Bool

    /// Creates a metric comparison.
    public init(
        metric: GuardrailMetric, isGuardrail: Bool, variant: String, control: String, treatmentUsers: Int,
        controlUsers: Int, treatmentMean: Double, controlMean: Double, treatmentMedian: Double?, controlMedian: Double?,
        difference: Double, interval: ConfidenceInterval?, pValue: Double, adjustedPValue: Double, isSignificant: Bool,
        isSignificantlyWorse: Bool
    ) {
        self.metric = metric
        self.isGuardrail = isGuardrail
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
        self.pValue = pValue
        self.adjustedPValue = adjustedPValue
        self.isSignificant = isSignificant
        self.isSignificantlyWorse = isSignificantlyWorse
    }

    enum CodingKeys: String, CodingKey {
        case metric
        case isGuardrail = "is_guardrail"
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
        case pValue = "p_value"
        case adjustedPValue = "adjusted_p_value"
        case isSignificant = "is_significant"
        case isSignificantlyWorse = "is_significantly_worse"
    }
}
