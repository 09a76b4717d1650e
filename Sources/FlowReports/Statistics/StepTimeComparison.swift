/// How much longer or shorter treatment's users take than control's to get from step k − 1 to step k: the difference
/// of the arms' median gaps and of their mean gaps, each with its interval and p-value (``MetricComparison``, as a
/// `quantile` and a `mean` metric are compared).
///
/// The median compared is each arm's median of its users' gaps, and the difference is treatment's median minus
/// control's: a difference of medians, not a median of differences (the arms' users are not paired). Both are over the
/// users who reached the step, who are not the same people in the two arms, so a difference is where time goes, not
/// what a screen does to a user's time. Neither the medians nor the means of the steps add up to the time to the goal:
/// each step's users are those who got that far.
public struct StepTimeComparison: Sendable, Hashable {
    /// The step, 1…K (K + 1 for the goal when the caller includes it).
    public var step: Int
    /// Treatment's median gap minus control's, with gbstats' quantile interval.
    public var median: MetricComparison
    /// Treatment's mean gap minus control's, with Welch's interval.
    public var mean: MetricComparison
    /// ``median``'s p-value adjusted across the steps' medians.
    public var medianAdjustedPValue: Double
    /// ``mean``'s p-value adjusted across the steps' means.
    public var meanAdjustedPValue: Double
    /// Whether the medians differ: ``medianAdjustedPValue`` < alpha.
    public var isMedianFound: Bool
    /// Whether the means differ: ``meanAdjustedPValue`` < alpha.
    public var isMeanFound: Bool

    /// Compares each step's gaps (`treatment[k − 1]` against `control[k − 1]`), correcting the medians' p-values across
    /// steps and the means' across steps. A step one arm has no sample for is compared with an empty one (its
    /// comparison says `empty_arm`).
    package static func compare(
        treatment: [StepGapSample], control: [StepGapSample], settings: ComparisonSettings,
        correction: MultipleComparisonCorrection
    ) -> [StepTimeComparison] {
        let empty = StepGapSample(gaps: [])
        let steps = max(treatment.count, control.count)
        let pairs = (0..<steps).map { index in
            (
                treatment: index < treatment.count ? treatment[index] : empty,
                control: index < control.count ? control[index] : empty
            )
        }
        let medians = pairs.map { MetricComparison(treatment: $0.treatment.median, control: $0.control.median, settings: settings) }
        let means = pairs.map { MetricComparison(treatment: $0.treatment.mean, control: $0.control.mean, settings: settings) }
        let adjustedMedians = correction.adjust(medians.map(\.pValue))
        let adjustedMeans = correction.adjust(means.map(\.pValue))
        let alpha = settings.effectiveAlpha
        return (0..<steps).map { index in
            StepTimeComparison(
                step: index + 1, median: medians[index], mean: means[index],
                medianAdjustedPValue: adjustedMedians[index], meanAdjustedPValue: adjustedMeans[index],
                isMedianFound: medians[index].absolute?.pValue != nil && adjustedMedians[index] < alpha,
                isMeanFound: means[index].absolute?.pValue != nil && adjustedMeans[index] < alpha
            )
        }
    }
}
