/// Why a comparison of a metric has no interval or p-value, or no relative difference, stated in reports.
public enum MetricComparisonLimitation: String, Sendable, Hashable, Codable, CaseIterable {
    /// A user's value, or a difference or interval bound of the comparison, is beyond the largest Double
    /// (about ±1.8e308): what cannot be computed is not tested, rather than tested on an overflowed number.
    case valueBeyondRange = "value_beyond_range"
    /// An arm has no users (or, for a quantile or a duration, no user with a value): there is nothing to compare.
    case emptyArm = "empty_arm"
    /// An arm's ratio denominator sums to 0, so its ratio is undefined.
    case ratioDenominatorZero = "ratio_denominator_zero"
    /// An arm's ratio denominator is not clearly away from 0: its mean is within 1.96 standard errors of 0 (for
    /// instance, one user's denominator is most of the arm's), so the ratio's confidence set is unbounded
    /// (Fieller's condition) and the delta method's interval would be false precision.
    case ratioDenominatorUncertain = "ratio_denominator_uncertain"
    /// An arm has too few values for the quantile's level: n ≤ z²·ν/(1 − ν) or n ≤ z²·(1 − ν)/ν (z = 1.96), so
    /// the order statistics of its bounds fall outside the values; also a level outside (0, 1).
    case tooFewValuesForQuantile = "too_few_values_for_quantile"
    /// An arm's values do not vary (or it has a single user), so the difference has no standard error.
    case noVariance = "no_variance"
    /// Control's estimate is 0, so the relative difference is undefined (the absolute one is not).
    case controlEstimateZero = "control_estimate_zero"

    /// The worse of two arms' limitations: the one listed first in this type (a value beyond range before an empty
    /// arm, before an undefined ratio, before too few values, before no variance).
    static func worst(_ first: Self?, _ second: Self?) -> Self? {
        guard let first, let second else { return first ?? second }
        let order = allCases
        return (order.firstIndex(of: first) ?? order.count) <= (order.firstIndex(of: second) ?? order.count) ? first : second
    }

    /// How the limitation reads in a report, e.g. `no variance in an arm`.
    public var explanation: String {
        switch self {
        case .valueBeyondRange: "a value is beyond the largest number (about 1.8e308), so it cannot be computed"
        case .emptyArm: "an arm has no users with a value"
        case .ratioDenominatorZero: "an arm's ratio denominator is 0"
        case .ratioDenominatorUncertain:
            "an arm's ratio denominator is too uncertain to divide by (within 1.96 standard errors of 0, e.g. one user's is most of it); cap it"
        case .tooFewValuesForQuantile: "an arm has too few values for this quantile"
        case .noVariance: "no variance in an arm"
        case .controlEstimateZero: "control's value is 0, so there is no relative difference"
        }
    }
}
