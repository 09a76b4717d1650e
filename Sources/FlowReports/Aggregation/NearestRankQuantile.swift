/// Quantiles by the nearest-rank method: the smallest observed value with at least the given share at or below it.
///
/// Chosen because the result is always an observed duration and needs no interpolation rule; the median of
/// an even number of values is therefore the lower of the two middle values.
enum NearestRankQuantile {
    /// The `percent` quantile (1...100) of `sorted`, which must be in ascending order; nil when it is empty.
    static func value(_ percent: Int, ofSorted sorted: [Int64]) -> Int64? {
        guard !sorted.isEmpty else { return nil }
        let clampedPercent = min(max(percent, 1), 100)
        let rank = (sorted.count * clampedPercent + 99) / 100
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
