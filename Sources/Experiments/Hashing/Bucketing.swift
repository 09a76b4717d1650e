/// GrowthBook's mapping from weights and coverage to bucket ranges, and from a hash value to a variation.
public enum Bucketing {
    /// Weight vectors whose sum falls outside this range are replaced by equal weights, as GrowthBook does at runtime.
    public static let acceptedWeightSum: ClosedRange<Double> = 0.99...1.01

    /// `count` equal weights of `1 / count`; empty when `count < 1` (GrowthBook's `getEqualWeights`).
    public static func equalWeights(count: Int) -> [Double] {
        guard count >= 1 else { return [] }
        return Array(repeating: 1 / Double(count), count: count)
    }

    /// The weights bucketing actually uses: `weights` when there is one finite, non-negative weight per variation
    /// summing to within ``acceptedWeightSum``, equal weights otherwise.
    ///
    /// Negative or non-finite weights also fall back, as in the Python SDK (the JS SDK checks only length and sum).
    public static func effectiveWeights(variationCount: Int, weights: [Double]?) -> [Double] {
        guard let weights, weights.count == variationCount,
              weights.allSatisfy({ $0.isFinite && $0 >= 0 }),
              acceptedWeightSum.contains(weights.reduce(0, +))
        else {
            return equalWeights(count: variationCount)
        }
        return weights
    }

    /// The bucket range of each variation (GrowthBook's `getBucketRanges`).
    ///
    /// Coverage is clamped to `[0, 1]`; each variation's range starts at the running weight total and spans
    /// `coverage * weight`, so lowering coverage shrinks every range towards its start and never moves a user
    /// between variations.
    public static func ranges(variationCount: Int, coverage: Double = 1, weights: [Double]? = nil) -> [BucketRange] {
        let clampedCoverage = coverage.isNaN ? 0 : min(max(coverage, 0), 1)
        var cumulative = 0.0
        return effectiveWeights(variationCount: variationCount, weights: weights).map { weight in
            let start = cumulative
            cumulative += weight
            return BucketRange(start: start, end: start + clampedCoverage * weight)
        }
    }

    /// The index of the first range containing `bucket`, or `nil` when none does (GrowthBook's `chooseVariation`,
    /// which returns -1).
    @inlinable
    public static func chooseVariation(bucket: Double, ranges: [BucketRange]) -> Int? {
        // Scanning every range backwards and keeping the lowest match avoids a data-dependent branch, which a
        // 50/50 split would mispredict half of the time.
        var chosen = -1
        var index = ranges.count - 1
        while index >= 0 {
            chosen = ranges[index].contains(bucket) ? index : chosen
            index -= 1
        }
        return chosen >= 0 ? chosen : nil
    }
}
