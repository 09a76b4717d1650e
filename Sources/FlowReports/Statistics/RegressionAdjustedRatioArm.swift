/// One arm of a CUPED ratio metric with the pooled slope θ applied (see ``RegressionAdjustedRatioArmStatistic``
/// for the estimate and the 4×4 delta method), compared as any other arm by ``MetricComparison`` and
/// ``BayesianComparison``; its unadjusted estimate is the post-exposure ratio `m̄/d̄`.
package struct RegressionAdjustedRatioArm: MetricArmStatistic {
    /// The arm's sums.
    package var statistic: RegressionAdjustedRatioArmStatistic
    /// θ, pooled over the comparison's two arms.
    package var theta: Double

    /// The arm of `statistic` adjusted by `theta`.
    package init(_ statistic: RegressionAdjustedRatioArmStatistic, theta: Double) {
        self.statistic = statistic
        self.theta = theta
    }

    /// The users of the arm.
    package var count: Int {
        statistic.count
    }

    /// ∇ of the adjusted ratio at β, for a slope of `theta`; nil when a denominator's mean is 0.
    static func gradient(means: [Double], theta: Double) -> [Double]? {
        guard means[1] != 0, means[3] != 0 || theta == 0 else { return nil }
        let covariateTerms = theta == 0 ? [0.0, 0.0] : [-theta / means[3], theta * means[2] / (means[3] * means[3])]
        return [1 / means[1], -means[0] / (means[1] * means[1])] + covariateTerms
    }

    /// xᵀ·Λ·y over the rows `rows` and columns `columns` of Λ.
    static func quadratic(_ x: [Double], _ matrix: [[Double]], _ y: [Double], rows: Range<Int>, columns: Range<Int>) -> Double {
        var total = 0.0
        for (i, row) in rows.enumerated() {
            for (j, column) in columns.enumerated() { total += x[i] * matrix[row][column] * y[j] }
        }
        return total
    }

    /// The adjusted ratio.
    private var value: Double? {
        guard count > 0, !statistic.sums[1].sum.isZero else { return nil }
        let ratio = statistic.sums[0].sum.doubleValue / statistic.sums[1].sum.doubleValue
        guard theta != 0 else { return ratio }
        guard !statistic.sums[3].sum.isZero else { return nil }
        return ratio - theta * statistic.sums[2].sum.doubleValue / statistic.sums[3].sum.doubleValue
    }

    /// The power of two of the estimate's magnitude, plus one.
    package var scaleExponent: Int {
        guard let value, value.isFinite, value != 0 else { return 0 }
        return Int(value.exponent) + 1
    }

    /// `m̄/d̄ − θ·m̄_pre/d̄_pre` divided by 2^`exponent`; nil without users or when a denominator sums to 0.
    package func estimate(scaledBy exponent: Int) -> Double? {
        value.map { $0.timesPowerOfTwo(-exponent) }
    }

    /// `m̄/d̄` divided by 2^`exponent`.
    package func unadjustedEstimate(scaledBy exponent: Int) -> Double? {
        statistic.unadjusted.estimate(scaledBy: exponent)
    }

    /// `∇ᵀΛ∇` divided by 4^`exponent`; 0 for fewer than 2 users or an undefined estimate, never negative.
    package func unitVariance(scaledBy exponent: Int) -> Double {
        guard count > 1, value != nil, let gradient = Self.gradient(means: statistic.means, theta: theta) else { return 0 }
        let variance = Self.quadratic(gradient, statistic.covarianceMatrix, gradient, rows: 0..<4, columns: 0..<4)
        guard variance.isFinite else { return .infinity }
        return max(variance, 0).timesPowerOfTwo(-2 * exponent)
    }

    /// The post-exposure ratio's own limitation (an empty arm, a denominator of 0 or too uncertain), then
    /// ``MetricComparisonLimitation/ratioDenominatorZero`` for a covariate denominator of 0 under a slope,
    /// ``MetricComparisonLimitation/valueBeyondRange`` and ``MetricComparisonLimitation/noVariance``.
    package var limitation: MetricComparisonLimitation? {
        if let own = statistic.unadjusted.limitation, own != .noVariance { return own }
        guard let value else { return .ratioDenominatorZero }
        let variance = unitVariance(scaledBy: 0)
        if !value.isFinite || !variance.isFinite { return .valueBeyondRange }
        return variance > 0 ? nil : .noVariance
    }
}
