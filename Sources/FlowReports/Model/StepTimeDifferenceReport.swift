/// One arm-to-arm difference in the time a step takes (a ``StepTimeReport``'s median or mean): each arm's value in
/// seconds, treatment's minus control's, its interval and its test, corrected across every step's median and mean.
public struct StepTimeDifferenceReport: Sendable, Hashable, Codable {
    /// Treatment's value in seconds; nil when it has no users who made the step.
    public var treatmentSeconds: Double?
    /// Control's value in seconds; nil when it has no users who made the step.
    public var controlSeconds: Double?
    /// Treatment's value minus control's, in seconds; nil when either is missing.
    public var difference: Double?
    /// The difference's interval at the report's confidence level; nil when it is not tested.
    public var interval: ConfidenceInterval?
    /// The interval widened for the correction: it excludes 0 exactly when ``adjustedPValue`` is
    /// below alpha (for a Student's t test, to the normal approximation). Nil when not tested, or when the adjusted
    /// p-value is 1 and the correction leaves no bound.
    public var adjustedInterval: ConfidenceInterval?
    /// The test's p-value before the correction; nil when not tested.
    public var pValue: Double?
    /// The p-value after the correction (1 when not tested).
    public var adjustedPValue: Double
    /// Whether the difference is found: tested, and ``adjustedPValue`` below alpha.
    public var isFound: Bool
    /// Why the difference is not tested (a ``MetricComparisonLimitation`` code); nil when it is.
    public var limitation: MetricComparisonLimitation?

    /// Creates a difference from its fields.
    public init(
        treatmentSeconds: Double?, controlSeconds: Double?, difference: Double?, interval: ConfidenceInterval?,
        adjustedInterval: ConfidenceInterval?, pValue: Double?, adjustedPValue: Double, isFound: Bool,
        limitation: MetricComparisonLimitation? = nil
    ) {
        self.treatmentSeconds = treatmentSeconds
        self.controlSeconds = controlSeconds
        self.difference = difference
        self.interval = interval
        self.adjustedInterval = adjustedInterval
        self.pValue = pValue
        self.adjustedPValue = adjustedPValue
        self.isFound = isFound
        self.limitation = limitation
    }

    /// The report of `comparison`, whose p-value the correction took to `adjustedPValue`.
    init(_ comparison: MetricComparison, adjustedPValue: Double, isFound: Bool) {
        treatmentSeconds = comparison.treatmentEstimate
        controlSeconds = comparison.controlEstimate
        difference = comparison.absolute?.estimate
        interval = comparison.absolute?.interval
        pValue = comparison.absolute?.pValue
        self.adjustedPValue = adjustedPValue
        self.isFound = isFound
        limitation = comparison.limitation
        adjustedInterval = Self.widened(comparison.absolute, adjustedPValue: adjustedPValue)
    }

    /// `effect`'s interval with its half-width multiplied by z(p) / z(p̃) (``CorrectedCriticalValue``'s construction,
    /// z(q) the normal quantile of 1 − q/2): never narrower than the raw interval; nil when untested or p̃ is 1.
    private static func widened(_ effect: MetricEffect?, adjustedPValue: Double) -> ConfidenceInterval? {
        guard let effect, let interval = effect.interval, let pValue = effect.pValue else { return nil }
        let criticalValue = -NormalDistribution.quantile(min(1, max(pValue, .leastNormalMagnitude)) / 2)
        guard let widened = CorrectedCriticalValue.value(z: 1, statistic: criticalValue, adjustedPValue: adjustedPValue) else {
            return nil
        }
        let lowerHalf = (effect.estimate - interval.lower) * widened
        let upperHalf = (interval.upper - effect.estimate) * widened
        let bounds = ConfidenceInterval(lower: effect.estimate - lowerHalf, upper: effect.estimate + upperHalf)
        return bounds.lower.isFinite && bounds.upper.isFinite ? bounds : nil
    }

    enum CodingKeys: String, CodingKey {
        case treatmentSeconds = "treatment_seconds"
        case controlSeconds = "control_seconds"
        case difference
        case interval
        case adjustedInterval = "adjusted_interval"
        case pValue = "p_value"
        case adjustedPValue = "adjusted_p_value"
        case isFound = "found"
        case limitation
    }
}
