/// Why a metric has no Bayesian result for a difference, stated in reports.
///
/// The first four are the arms' own (``MetricComparisonLimitation``, with the same names); gbstats 0.8.0 declines in
/// the same cases (`NO_UNITS_IN_VARIATION`, `ZERO_NEGATIVE_VARIANCE`). Unlike the frequentist results, an arm whose
/// values never vary leaves the difference without a result, as in gbstats.
public enum BayesianLimitation: String, Sendable, Hashable, Codable, CaseIterable {
    /// As ``MetricComparisonLimitation/emptyArm``.
    case emptyArm = "empty_arm"
    /// As ``MetricComparisonLimitation/ratioDenominatorZero``.
    case ratioDenominatorZero = "ratio_denominator_zero"
    /// As ``MetricComparisonLimitation/ratioDenominatorUncertain``.
    case ratioDenominatorUncertain = "ratio_denominator_uncertain"
    /// As ``MetricComparisonLimitation/tooFewValuesForQuantile``.
    case tooFewValuesForQuantile = "too_few_values_for_quantile"
    /// An arm's values do not vary, or it has a single user, so its estimate has no spread to weigh; either arm, as
    /// in gbstats.
    case noVariance = "no_variance"
    /// Control's estimate is 0: the relative difference is undefined, and a proper prior, which is on the relative
    /// scale, has no absolute scale (gbstats' `ZERO_NEGATIVE_BASELINE_VARIATION`; for an absolute difference gbstats
    /// divides by zero). With the improper prior the absolute difference has its result.
    case controlEstimateZero = "control_estimate_zero"
    /// A number the result needs lies beyond a double: the difference, its standard error, the prior carried to the
    /// absolute scale, or a bound of the result exceeds 1.8e308, or a standard error is below 5e-324.
    case valueBeyondRange = "value_beyond_range"

    /// The arms' limitation of a comparison.
    init(_ limitation: MetricComparisonLimitation) {
        switch limitation {
        case .valueBeyondRange: self = .valueBeyondRange
        case .emptyArm: self = .emptyArm
        case .ratioDenominatorZero: self = .ratioDenominatorZero
        case .ratioDenominatorUncertain: self = .ratioDenominatorUncertain
        case .tooFewValuesForQuantile: self = .tooFewValuesForQuantile
        case .noVariance: self = .noVariance
        case .controlEstimateZero: self = .controlEstimateZero
        }
    }

    /// How the limitation reads in a report, e.g. `no variance in an arm`; the arms' reasons as the frequentist
    /// results word them.
    public var explanation: String {
        switch self {
        case .controlEstimateZero: "control's value is 0, so there is no relative scale"
        case .valueBeyondRange: "a number the result needs is beyond the largest number (about 1.8e308)"
        default: MetricComparisonLimitation(rawValue: rawValue)?.explanation ?? rawValue
        }
    }
}
