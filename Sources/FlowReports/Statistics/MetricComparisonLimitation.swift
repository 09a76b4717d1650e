/// Why a comparison of a metric has no interval or p-value, or no relative difference, stated in reports.
public enum MetricComparisonLimitation: String, Sendable, Hashable, Codable, CaseIterable {
    /// An arm has no users (or, for a quantile or a duration, no user with a value): there is nothing to compare.
    case emptyArm = "empty_arm"
    /// An arm's ratio denominator sums to 0, so its ratio is undefined.
    case ratioDenominatorZero = "ratio_denominator_zero"
    /// An arm has too few values for the quantile's level: n ≤ z²·ν/(1 − ν) or n ≤ z²·(1 − ν)/ν (z = 1.96), so
    /// the order statistics of its bounds fall outside the values; also a level outside (0, 1).
    case tooFewValuesForQuantile = "too_few_values_for_quantile"
    /// An arm's values do not vary (or it has a single user), so the difference has no standard error.
    case noVariance = "no_variance"
    /// Control's estimate is 0, so the relative difference is undefined (the absolute one is not).
    case controlEstimateZero = "control_estimate_zero"

    /// The worse of two arms' limitations: the one listed first in this type (an empty arm before an undefined
    /// ratio, before too few values, before no variance).
    static func worst(_ first: Self?, _ second: Self?) -> Self? {
        guard let first, let second else { return first ?? second }
        let order = allCases
        return (order.firstIndex(of: first) ?? order.count) <= (order.firstIndex(of: second) ?? order.count) ? first : second
    }

    /// How the limitation reads in a report, e.g. `no variance in an arm`.
    public var explanation: String {
        switch self {
        case .emptyArm: "an arm has no users with a value"
        case .ratioDenominatorZero: "an arm's ratio denominator is 0"
        case .tooFewValuesForQuantile: "an arm has too few values for this quantile"
        case .noVariance: "no variance in an arm"
        case .controlEstimateZero: "control's value is 0, so there is no relative difference"
        }
    }
}
