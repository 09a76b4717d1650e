/// One difference between a treatment and control on a metric, absolute (treatment − control) or relative
/// (treatment / control − 1), with its inference when the arms allow one.
public struct MetricEffect: Sendable, Hashable, Codable {
    /// The difference.
    public var estimate: Double
    /// Its standard error (delta method for the relative difference); nil without inference.
    public var standardError: Double?
    /// Its interval: fixed-horizon (Student's t) or sequential (a confidence sequence), at 1 − alpha; nil
    /// without inference.
    public var interval: ConfidenceInterval?
    /// The two-sided p-value of the difference against 0; nil without inference.
    public var pValue: Double?

    /// An effect with or without inference.
    package init(estimate: Double, standardError: Double? = nil, interval: ConfidenceInterval? = nil, pValue: Double? = nil) {
        self.estimate = estimate
        self.standardError = standardError
        self.interval = interval
        self.pValue = pValue
    }

    /// The effect with its estimate, standard error and interval × 2^`exponent` (the p-value does not change with
    /// scale); not finite when any of them is beyond the largest Double.
    func timesPowerOfTwo(_ exponent: Int) -> MetricEffect {
        MetricEffect(
            estimate: estimate.timesPowerOfTwo(exponent), standardError: standardError?.timesPowerOfTwo(exponent),
            interval: interval.map {
                ConfidenceInterval(lower: $0.lower.timesPowerOfTwo(exponent), upper: $0.upper.timesPowerOfTwo(exponent))
            },
            pValue: pValue
        )
    }

    /// Whether every number of the effect is finite.
    var isFinite: Bool {
        estimate.isFinite && standardError?.isFinite != false && interval.map { $0.lower.isFinite && $0.upper.isFinite } != false
    }
}
