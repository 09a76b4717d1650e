/// How the share of users holding one key (taking an observed path, leaving on a screen) differs between treatment and
/// control: the difference of proportions with Newcombe's interval and the pooled z-test, as the goal's conversion is
/// compared, corrected across the keys.
public struct ShareDifference: Sendable, Hashable {
    /// The path, screen or other key.
    public var key: String
    /// Treatment's users (`users`) and those holding the key (`conversions`), sanitized.
    public var treatment: ArmCounts
    /// Control's, as for ``treatment``.
    public var control: ArmCounts
    /// Treatment's share minus control's, in rate units (0.03 is 3 percentage points); 0 when an arm has no users.
    public var difference: Double
    /// Newcombe's (1 − alpha) interval of ``difference``; [−1, 1] when an arm has no users.
    public var interval: ConfidenceInterval
    /// The pooled two-proportion z-test's two-sided p-value; 1 when undefined.
    public var pValue: Double
    /// ``pValue`` adjusted across the keys compared together.
    public var adjustedPValue: Double
    /// Newcombe's interval at the critical value that shows the correction (``StepDecomposition``'s construction):
    /// [−1, 1] when the adjusted p-value is 1.
    public var adjustedInterval: ConfidenceInterval
    /// ``adjustedPValue`` < alpha.
    public var isFound: Bool

    /// Compares the share of every key either arm lists, biggest absolute difference first (ties by key in UTF-8
    /// order), adjusting the p-values across all of them by `correction`. Counts are sanitized as ``ArmCounts`` are:
    /// negative users count 0, and a key's users are clamped into 0…users.
    public static func compare(
        treatment: ShareCounts, control: ShareCounts, alpha: Double = 0.05, correction: MultipleComparisonCorrection = .holm
    ) -> [ShareDifference] {
        let alpha = ComparisonSettings(alpha: alpha).effectiveAlpha
        let z = -NormalDistribution.quantile(alpha / 2)
        let keys = Set(treatment.counts.keys).union(control.counts.keys)
        var differences: [(difference: ShareDifference, statistic: Double)] = keys.map { key in
            let treatmentCounts = ArmCounts(users: treatment.users, conversions: treatment.counts[key] ?? 0).sanitized
            let controlCounts = ArmCounts(users: control.users, conversions: control.counts[key] ?? 0).sanitized
            let estimate = AbsoluteDifference(treatment: treatmentCounts, control: controlCounts, alpha: alpha)
            let test = PooledZTest(treatment: treatmentCounts, control: controlCounts)
            let difference = ShareDifference(
                key: key, treatment: treatmentCounts, control: controlCounts, difference: estimate.estimate,
                interval: estimate.interval, pValue: test.pValue, adjustedPValue: test.pValue,
                adjustedInterval: estimate.interval, isFound: false
            )
            return (difference, abs(test.zScore))
        }
        let adjusted = correction.adjust(differences.map(\.difference.pValue))
        for index in differences.indices {
            var difference = differences[index].difference
            difference.adjustedPValue = adjusted[index]
            difference.isFound = adjusted[index] < alpha
            if let corrected = CorrectedCriticalValue.value(z: z, statistic: differences[index].statistic, adjustedPValue: adjusted[index]) {
                let correctedAlpha = 2 * NormalDistribution.survival(corrected)
                difference.adjustedInterval = AbsoluteDifference(
                    treatment: difference.treatment, control: difference.control, alpha: correctedAlpha
                ).interval
            } else {
                difference.adjustedInterval = ConfidenceInterval(lower: -1, upper: 1)
            }
            differences[index].difference = difference
        }
        return differences.map(\.difference).sorted { lhs, rhs in
            abs(lhs.difference) != abs(rhs.difference)
                ? abs(lhs.difference) > abs(rhs.difference) : lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
        }
    }
}
