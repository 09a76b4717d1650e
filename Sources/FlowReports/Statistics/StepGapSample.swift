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

    /// The sample of gaps in milliseconds, each with the users who took it (an engine's counts): the same statistics
    /// as of the gaps one per user in seconds, since the sums are exact and the median is read off the values in order.
    init(usersByMilliseconds counted: [Int64: Int]) {
        var sums = WeightedSums()
        var entries: [(value: Double, users: Int)] = []
        for (milliseconds, users) in counted where users > 0 {
            let seconds = Double(milliseconds) / 1_000
            sums.add(seconds, users: users)
            entries.append((seconds, users))
        }
        self.init(mean: sums.meanStatistic, median: QuantileArmStatistic(weighted: WeightedSortedValues(entries), level: 0.5))
    }

    /// The sample of `gaps` (one per user who reached the step, any order); non-finite values are left out.
    package init(gaps: [Double]) {
        let finite = gaps.filter(\.isFinite)
        self.init(mean: MeanArmStatistic(values: finite), median: QuantileArmStatistic(values: finite, level: 0.5))
    }
}
