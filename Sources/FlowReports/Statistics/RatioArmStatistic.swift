/// One arm of a `ratio` metric: the sum of a numerator metric over the arm's users divided by the sum of a
/// denominator metric over the same users (gbstats' `RatioStatistic`), e.g. revenue per session.
///
/// Its variance is the delta method's: with per-user means m̄ and d̄, variances s²ₘ and s²_d and covariance
/// sₘ_d, `s²ₘ/d̄² − 2·sₘ_d·m̄/d̄³ + m̄²·s²_d/d̄⁴`, one user's share of the ratio's squared standard error.
package struct RatioArmStatistic: MetricArmStatistic {
    /// The users of the arm.
    package var count: Int
    /// The numerator metric's per-user sums.
    package var numerator: Component
    /// The denominator metric's per-user sums.
    package var denominator: Component
    /// Σ numeratorᵢ · denominatorᵢ over the users.
    package var sumOfProducts: Double

    /// The per-user sums of one side of the ratio.
    package struct Component: Sendable, Hashable {
        /// Σ valueᵢ.
        package var sum: Double
        /// Σ valueᵢ².
        package var sumOfSquares: Double
        /// Whether every value is 0 or 1 (a `proportion` metric), whose variance is then p(1 − p) as gbstats
        /// takes it for a binomial metric, rather than the sample variance.
        package var isBinary: Bool

        /// A side of the ratio from its sums.
        package init(sum: Double, sumOfSquares: Double, isBinary: Bool = false) {
            self.sum = sum
            self.sumOfSquares = sumOfSquares
            self.isBinary = isBinary
        }

        func mean(count: Int) -> Double {
            count > 0 ? sum / Double(count) : 0
        }

        func variance(count: Int) -> Double {
            guard isBinary else { return MeanArmStatistic.sampleVariance(count: count, sum: sum, sumOfSquares: sumOfSquares) }
            let rate = mean(count: count)
            return rate * (1 - rate)
        }
    }

    /// The statistic of sums a warehouse returned; a negative count is taken as 0.
    package init(count: Int, numerator: Component, denominator: Component, sumOfProducts: Double) {
        self.count = max(count, 0)
        self.numerator = numerator
        self.denominator = denominator
        self.sumOfProducts = sumOfProducts
    }

    /// An empty arm whose sides are binary or not.
    package init(numeratorIsBinary: Bool = false, denominatorIsBinary: Bool = false) {
        self.init(
            count: 0, numerator: Component(sum: 0, sumOfSquares: 0, isBinary: numeratorIsBinary),
            denominator: Component(sum: 0, sumOfSquares: 0, isBinary: denominatorIsBinary), sumOfProducts: 0
        )
    }

    /// Counts one more user with their numerator and denominator values.
    package mutating func add(numerator numeratorValue: Double, denominator denominatorValue: Double) {
        count += 1
        numerator.sum += numeratorValue
        numerator.sumOfSquares += numeratorValue * numeratorValue
        denominator.sum += denominatorValue
        denominator.sumOfSquares += denominatorValue * denominatorValue
        sumOfProducts += numeratorValue * denominatorValue
    }

    /// Σ numerator / Σ denominator; nil without users or when the denominator sums to 0.
    package var estimate: Double? {
        guard count > 0, denominator.sum != 0 else { return nil }
        return numerator.sum / denominator.sum
    }

    /// The sample covariance (Σ mᵢdᵢ − Σm·Σd/n) / (n − 1); 0 for fewer than 2 users.
    package var covariance: Double {
        guard count > 1 else { return 0 }
        let n = Double(count)
        return (sumOfProducts - numerator.sum * denominator.sum / n) / (n - 1)
    }

    /// The delta method's variance of one user (see the type's summary); 0 for fewer than 2 users or an
    /// undefined ratio, and never negative.
    package var unitVariance: Double {
        guard count > 1, denominator.sum != 0 else { return 0 }
        let numeratorMean = numerator.mean(count: count)
        let denominatorMean = denominator.mean(count: count)
        let denominatorSquared = denominatorMean * denominatorMean
        let variance = numerator.variance(count: count) / denominatorSquared
            - 2 * covariance * numeratorMean / (denominatorSquared * denominatorMean)
            + numeratorMean * numeratorMean * denominator.variance(count: count) / (denominatorSquared * denominatorSquared)
        return variance.isFinite ? max(variance, 0) : 0
    }

    /// ``MetricComparisonLimitation/emptyArm``, ``MetricComparisonLimitation/ratioDenominatorZero`` or
    /// ``MetricComparisonLimitation/noVariance``; nil when the arm can be tested.
    package var limitation: MetricComparisonLimitation? {
        if count == 0 { return .emptyArm }
        if denominator.sum == 0 { return .ratioDenominatorZero }
        return unitVariance > 0 ? nil : .noVariance
    }
}
