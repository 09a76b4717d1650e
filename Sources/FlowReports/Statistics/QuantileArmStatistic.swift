/// One arm of a `quantile` metric (or a `duration` used as a quantile): the ν quantile of the users' values
/// with the two order statistics its variance comes from (gbstats' `QuantileStatistic`).
///
/// The quantile and its bounds are nearest-rank order statistics of the arm's values: the quantile at ν, the
/// bounds at ν ∓ z·√(ν(1 − ν)/n*) (z = Φ⁻¹(0.975), levels clamped to [1e-8, 1 − 1e-8]), where n* is the
/// largest value of GrowthBook's grid 100·2ᵏ below n (100 when n ≤ 100). The bounds are the ends of an
/// order-statistic 95% interval of the quantile at sample size n*; the variance of one value rescales its
/// width to n values: `(n*/n)·(n − 1)·((upper − lower) / (2z))²`, at least 1e-5 from 100 values on.
package struct QuantileArmStatistic: MetricArmStatistic {
    /// How many values (users with a value).
    package var count: Int
    /// The quantile's level ν, e.g. 0.5 or 0.9.
    package var level: Double
    /// The ν quantile of the values (nearest rank); nil without values.
    package var estimate: Double?
    /// The sample size n* the bounds' levels were computed for.
    package var nStar: Int
    /// The order statistic at the lower level.
    package var lowerBound: Double
    /// The order statistic at the upper level.
    package var upperBound: Double

    /// GrowthBook's grid of n*, 100 · 2ᵏ for k = 0...19 (its `N_STAR_VALUES`): a warehouse can compute every
    /// bound in one pass before n is known, and ``nStar(forCount:)`` picks one afterwards.
    package static let nStarGrid: [Int] = (0..<20).map { 100 << $0 }

    /// z = Φ⁻¹(0.975): the bounds are a 95% interval whatever the comparison's alpha, as in gbstats.
    static let boundsZ = NormalDistribution.quantile(0.975)

    /// The statistic of order statistics a warehouse returned (or another engine computed).
    package init(count: Int, level: Double, estimate: Double?, nStar: Int, lowerBound: Double, upperBound: Double) {
        self.count = max(count, 0)
        self.level = level
        self.estimate = count > 0 ? estimate : nil
        self.nStar = max(nStar, 1)
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    /// The statistic of `values` in any order; non-finite values are left out.
    package init(values: [Double], level: Double) {
        self.init(sortedValues: values.filter(\.isFinite).sorted(), level: level)
    }

    /// The statistic of `sortedValues`, which must be finite and in ascending order.
    package init(sortedValues: [Double], level: Double) {
        let count = sortedValues.count
        let nStar = Self.nStar(forCount: count)
        let levels = Self.boundLevels(level: level, nStar: nStar)
        self.init(
            count: count, level: level,
            estimate: NearestRankQuantile.value(level: level, ofSorted: sortedValues), nStar: nStar,
            lowerBound: NearestRankQuantile.value(level: levels.lower, ofSorted: sortedValues) ?? 0,
            upperBound: NearestRankQuantile.value(level: levels.upper, ofSorted: sortedValues) ?? 0
        )
    }

    /// The statistic of values each held by some users, as of the values expanded one per user.
    init(weighted values: WeightedSortedValues, level: Double) {
        let nStar = Self.nStar(forCount: values.count)
        let levels = Self.boundLevels(level: level, nStar: nStar)
        self.init(
            count: values.count, level: level, estimate: values.nearestRank(level: level), nStar: nStar,
            lowerBound: values.nearestRank(level: levels.lower) ?? 0, upperBound: values.nearestRank(level: levels.upper) ?? 0
        )
    }

    /// The largest n* of ``nStarGrid`` below `count`, or the smallest when none is (GrowthBook's choice).
    package static func nStar(forCount count: Int) -> Int {
        nStarGrid.last { $0 < count } ?? nStarGrid[0]
    }

    /// The levels of the bounds for quantile `level` at sample size `nStar`: ν ∓ z·√(ν(1 − ν)/n*), clamped to
    /// [1e-8, 1 − 1e-8] as GrowthBook does.
    package static func boundLevels(level: Double, nStar: Int) -> (lower: Double, upper: Double) {
        let halfWidth = boundsZ * (level * (1 - level) / Double(max(nStar, 1))).squareRoot()
        let lower = max(level - halfWidth, 1e-8)
        let upper = min(level + halfWidth, 0.99999999)
        return (lower.isNaN ? 1e-8 : lower, upper.isNaN ? 0.99999999 : upper)
    }

    /// The power of two of the largest of the quantile and its bounds, plus one: the bounds' spread is at most 2
    /// at that scale.
    package var scaleExponent: Int {
        let largest = [estimate ?? 0, lowerBound, upperBound].filter(\.isFinite).map(\.magnitude).max() ?? 0
        return largest == 0 ? 0 : Int(largest.exponent) + 1
    }

    /// The quantile divided by 2^`exponent`; nil without values.
    package func estimate(scaledBy exponent: Int) -> Double? {
        estimate?.timesPowerOfTwo(-exponent)
    }

    /// `(n*/n)·(n − 1)·((upper − lower)/(2z))²` before the floor, divided by 4^`exponent`; 0 for fewer than 2
    /// values.
    func unflooredVariance(scaledBy exponent: Int) -> Double {
        guard count > 1 else { return 0 }
        let n = Double(count)
        let halfSpread = (upperBound.timesPowerOfTwo(-exponent) - lowerBound.timesPowerOfTwo(-exponent)) / (2 * Self.boundsZ)
        let variance = Double(nStar) / n * (n - 1) * halfSpread * halfSpread
        return variance.isFinite ? variance : .infinity
    }

    /// The variance of one value (see the type's summary), with gbstats' floor of 1e-5 from 100 values on, divided
    /// by 4^`exponent`.
    package func unitVariance(scaledBy exponent: Int) -> Double {
        let unfloored = unflooredVariance(scaledBy: exponent)
        return count < 100 ? unfloored : max(unfloored, 1e-5.timesPowerOfTwo(-2 * exponent))
    }

    /// gbstats' rules: ``MetricComparisonLimitation/tooFewValuesForQuantile`` when n ≤ z²·ν/(1 − ν) or
    /// n ≤ z²·(1 − ν)/ν (or ν is outside (0, 1)); ``MetricComparisonLimitation/noVariance`` when the bounds are
    /// equal and n < 1000 (from 1000 values on the floor stands in).
    package var limitation: MetricComparisonLimitation? {
        if count == 0 { return .emptyArm }
        guard level > 0, level < 1 else { return .tooFewValuesForQuantile }
        let zSquared = Self.boundsZ * Self.boundsZ
        let n = Double(count)
        if n <= zSquared * level / (1 - level) || n <= zSquared * (1 - level) / level { return .tooFewValuesForQuantile }
        if count < 2 || upperBound == lowerBound, count < 1000 { return .noVariance }
        return nil
    }
}
