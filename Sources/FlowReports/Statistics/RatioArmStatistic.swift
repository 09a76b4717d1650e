/// One arm of a `ratio` metric: the sum of a numerator metric over the arm's users divided by the sum of a
/// denominator metric over the same users (gbstats' `RatioStatistic`), e.g. revenue per session.
///
/// Its variance is the delta method's: with per-user means m̄ and d̄, variances s²ₘ and s²_d and covariance
/// sₘ_d, `s²ₘ/d̄² − 2·sₘ_d·m̄/d̄³ + m̄²·s²_d/d̄⁴`, one user's share of the ratio's squared standard error. The sums
/// are exact; each side is computed at its own scale, so sides of any magnitude neither overflow nor cancel.
package struct RatioArmStatistic: MetricArmStatistic {
    /// The users of the arm.
    package var count: Int
    /// The numerator metric's per-user sums.
    package var numerator: Component
    /// The denominator metric's per-user sums.
    package var denominator: Component
    /// Σ numeratorᵢ · denominatorᵢ over the users.
    package var sumOfProducts: ExactBinaryNumber

    /// The per-user sums of one side of the ratio.
    package struct Component: Sendable, Hashable {
        /// Σ valueᵢ.
        package var sum: ExactBinaryNumber
        /// Σ valueᵢ².
        package var sumOfSquares: ExactBinaryNumber
        /// Whether every value is 0 or 1 (a `proportion` metric), whose variance is then p(1 − p) as gbstats
        /// takes it for a binomial metric, rather than the sample variance.
        package var isBinary: Bool

        /// A side of the ratio from its exact sums.
        package init(sum: ExactBinaryNumber, sumOfSquares: ExactBinaryNumber, isBinary: Bool = false) {
            self.sum = sum
            self.sumOfSquares = sumOfSquares
            self.isBinary = isBinary
        }

        /// A side of the ratio from sums another engine computed (a non-finite sum is taken as 0).
        package init(sum: Double, sumOfSquares: Double, isBinary: Bool = false) {
            self.init(
                sum: ExactBinaryNumber(sum.isFinite ? sum : 0), sumOfSquares: ExactBinaryNumber(sumOfSquares.isFinite ? sumOfSquares : 0),
                isBinary: isBinary
            )
        }

        /// The power of two at which this side's values are at most 1.
        var scaleExponent: Int {
            MeanArmStatistic.scaleExponent(ofSumOfSquares: sumOfSquares)
        }

        /// The mean at this side's scale.
        func scaledMean(count: Int) -> Double {
            count > 0 ? sum.rounded(timesTwoToThe: -scaleExponent) / Double(count) : 0
        }

        /// The variance of one value at this side's scale.
        func scaledVariance(count: Int) -> Double {
            guard isBinary else {
                return MeanArmStatistic.sampleVariance(count: count, sum: sum, sumOfSquares: sumOfSquares, scaledBy: scaleExponent)
            }
            let rate = count > 0 ? sum.doubleValue / Double(count) : 0
            return (rate * (1 - rate)).timesPowerOfTwo(-2 * scaleExponent)
        }
    }

    /// The statistic of exact sums; a negative count is taken as 0.
    package init(count: Int, numerator: Component, denominator: Component, sumOfProducts: ExactBinaryNumber) {
        self.count = max(count, 0)
        self.numerator = numerator
        self.denominator = denominator
        self.sumOfProducts = sumOfProducts
    }

    /// The statistic of sums another engine computed (a non-finite sum is taken as 0).
    package init(count: Int, numerator: Component, denominator: Component, sumOfProducts: Double) {
        self.init(
            count: count, numerator: numerator, denominator: denominator,
            sumOfProducts: ExactBinaryNumber(sumOfProducts.isFinite ? sumOfProducts : 0)
        )
    }

    /// An empty arm whose sides are binary or not.
    package init(numeratorIsBinary: Bool = false, denominatorIsBinary: Bool = false) {
        self.init(
            count: 0, numerator: Component(sum: .zero, sumOfSquares: .zero, isBinary: numeratorIsBinary),
            denominator: Component(sum: .zero, sumOfSquares: .zero, isBinary: denominatorIsBinary), sumOfProducts: .zero
        )
    }

    /// Counts one more user with their numerator and denominator values, which must be finite.
    package mutating func add(numerator numeratorValue: Double, denominator denominatorValue: Double) {
        let numeratorNumber = ExactBinaryNumber(numeratorValue)
        let denominatorNumber = ExactBinaryNumber(denominatorValue)
        count += 1
        numerator.sum += numeratorNumber
        numerator.sumOfSquares += numeratorNumber * numeratorNumber
        denominator.sum += denominatorNumber
        denominator.sumOfSquares += denominatorNumber * denominatorNumber
        sumOfProducts += numeratorNumber * denominatorNumber
    }

    /// The ratio of the two sides' sums at their own scales (of order one or less, unless the denominator is far
    /// smaller than its values), and the power of two that takes it back to the ratio: Σm / Σd = ratio × 2^shift.
    private var scaledRatio: (ratio: Double, shift: Int)? {
        guard count > 0, !denominator.sum.isZero else { return nil }
        let numeratorScale = numerator.scaleExponent
        let denominatorScale = denominator.scaleExponent
        let ratio = numerator.sum.rounded(timesTwoToThe: -numeratorScale) / denominator.sum.rounded(timesTwoToThe: -denominatorScale)
        return (ratio, numeratorScale - denominatorScale)
    }

    /// The sample covariance (n·Σmᵢdᵢ − Σm·Σd) / (n(n − 1)), from the exact sums; 0 for fewer than 2 users.
    package var covariance: Double {
        guard count > 1 else { return 0 }
        let n = Double(count)
        return (ExactBinaryNumber(count) * sumOfProducts - numerator.sum * denominator.sum).doubleValue / n / (n - 1)
    }

    /// The power of two of the ratio's magnitude, plus one.
    package var scaleExponent: Int {
        guard let (ratio, shift) = scaledRatio, ratio != 0, ratio.isFinite else { return scaledRatio?.shift ?? 0 }
        return shift + Int(ratio.exponent) + 1
    }

    /// Σ numerator / Σ denominator divided by 2^`exponent`; nil without users or when the denominator sums to 0.
    package func estimate(scaledBy exponent: Int) -> Double? {
        guard let (ratio, shift) = scaledRatio else { return nil }
        return ratio.timesPowerOfTwo(shift - exponent)
    }

    /// The delta method's variance of one user (see the type's summary) divided by 4^`exponent`; 0 for fewer than
    /// 2 users or an undefined ratio, and never negative.
    package func unitVariance(scaledBy exponent: Int) -> Double {
        guard count > 1, let (_, shift) = scaledRatio else { return 0 }
        let numeratorMean = numerator.scaledMean(count: count)
        let denominatorMean = denominator.scaledMean(count: count)
        let denominatorSquared = denominatorMean * denominatorMean
        let n = Double(count)
        let covariance = (ExactBinaryNumber(count) * sumOfProducts - numerator.sum * denominator.sum)
            .rounded(timesTwoToThe: -numerator.scaleExponent - denominator.scaleExponent) / n / (n - 1)
        let variance = numerator.scaledVariance(count: count) / denominatorSquared
            - 2 * covariance * numeratorMean / (denominatorSquared * denominatorMean)
            + numeratorMean * numeratorMean * denominator.scaledVariance(count: count) / (denominatorSquared * denominatorSquared)
        guard variance.isFinite else { return .infinity }
        return max(variance, 0).timesPowerOfTwo(2 * (shift - exponent))
    }

    /// ``MetricComparisonLimitation/emptyArm``, ``MetricComparisonLimitation/ratioDenominatorZero``,
    /// ``MetricComparisonLimitation/ratioDenominatorUncertain`` or ``MetricComparisonLimitation/noVariance``; nil
    /// when the arm can be tested.
    package var limitation: MetricComparisonLimitation? {
        if count == 0 { return .emptyArm }
        if denominator.sum.isZero { return .ratioDenominatorZero }
        if denominatorIsUncertain { return .ratioDenominatorUncertain }
        return unitVariance(scaledBy: scaleExponent) > 0 ? nil : .noVariance
    }

    /// Whether the denominator's mean is within z = Φ⁻¹(0.975) standard errors of 0: then no bounded interval
    /// of the ratio exists (Fieller), and a linear approximation of 1/d̄ (the delta method) is not one to trust.
    /// One user whose denominator is most of the arm's makes it so: their share makes d̄'s standard error as large
    /// as d̄ itself.
    private var denominatorIsUncertain: Bool {
        guard count > 1 else { return false }
        let mean = denominator.scaledMean(count: count)
        let standardError = (denominator.scaledVariance(count: count) / Double(count)).squareRoot()
        return mean.magnitude <= QuantileArmStatistic.boundsZ * standardError
    }
}
