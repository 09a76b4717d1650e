/// One arm's time from step k − 1 to step k: for each user who reached step k, the time of the event that matched step
/// k minus the time of the one that matched step k − 1 (the anchor for step 1), summarised as a `mean` and a median
/// metric are (sufficient statistics, so a warehouse's sums and order statistics serve as well as the values).
package struct StepGapSample: Sendable, Hashable {
    /// Count, sum and sum of squares of the gaps.
    package var mean: MeanArmStatistic
    /// The median gap (nearest rank) with the order statistics its variance comes from.
    package var median: QuantileArmStatistic

    /// A sample from its statistics.
    package init(mean: MeanArmStatistic, median: QuantileArmStatistic) {
        self.mean = mean
        self.median = median
    }

    /// The sample of `gaps` (one per user who reached the step, any order); non-finite values are left out.
    package init(gaps: [Double]) {
        let finite = gaps.filter(\.isFinite)
        self.init(mean: MeanArmStatistic(values: finite), median: QuantileArmStatistic(values: finite, level: 0.5))
    }
}
