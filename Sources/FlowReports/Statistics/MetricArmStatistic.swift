/// One arm's statistic of a metric a team defines, as a comparison of two arms needs it: what gbstats calls a
/// `Statistic` (its `n`, `mean` and `variance`).
///
/// Conformers are built from per-user values, or from the sums a warehouse returns, and compared with
/// ``MetricComparison/init(treatment:control:settings:)``. Their sums are exact (``ExactBinaryNumber``), so the
/// estimate and the variance are given at a *scale*: divided by 2^`exponent` (the variance by 4^`exponent`), an
/// exact division by a power of two. At ``scaleExponent`` they are of order one at most, so no value of the arms,
/// however close to the largest Double, makes a square or a difference overflow.
package protocol MetricArmStatistic: Sendable, Hashable {
    /// The units the estimate is over: users, or for a quantile or a duration the users with a value.
    var count: Int { get }
    /// A power of two at which the estimate, the values' spread and their squares are at most of order one:
    /// `estimate(scaledBy: scaleExponent)` and `unitVariance(scaledBy: scaleExponent)` are finite.
    var scaleExponent: Int { get }
    /// The arm's estimate (rate, mean, ratio or quantile) divided by 2^`exponent`; nil when it is undefined (see
    /// ``limitation``).
    func estimate(scaledBy exponent: Int) -> Double?
    /// The estimate before any adjustment for a covariate, divided by 2^`exponent`: what a relative difference divides
    /// by. The estimate itself for every statistic but a CUPED one (``RegressionAdjustedArm``).
    func unadjustedEstimate(scaledBy exponent: Int) -> Double?
    /// The variance of one unit divided by 4^`exponent`, so that the estimate's squared standard error is
    /// `unitVariance / count` at that scale; never negative.
    func unitVariance(scaledBy exponent: Int) -> Double
    /// Why this arm cannot be tested, worst first: no units, an undefined estimate, too few values for the
    /// quantile's level, no variance. Nil when it can.
    var limitation: MetricComparisonLimitation? { get }
}

extension MetricArmStatistic {
    /// The estimate: a statistic without a covariate has no adjustment.
    package func unadjustedEstimate(scaledBy exponent: Int) -> Double? {
        estimate(scaledBy: exponent)
    }

    /// The estimate before any adjustment for a covariate; nil when it is undefined.
    package var unadjustedEstimate: Double? {
        unadjustedEstimate(scaledBy: 0)
    }

    /// The arm's estimate; nil when it is undefined, ±infinity when it is beyond the largest Double.
    package var estimate: Double? {
        estimate(scaledBy: 0)
    }

    /// The variance of one unit; +infinity when it is beyond the largest Double.
    package var unitVariance: Double {
        unitVariance(scaledBy: 0)
    }
}

extension Double {
    /// `self` × 2^`exponent`, exact unless the result is beyond Double's range (±infinity) or below its
    /// subnormals.
    func timesPowerOfTwo(_ exponent: Int) -> Double {
        guard isFinite, self != 0 else { return self }
        let clamped = Swift.min(Swift.max(exponent, -4000), 4000)
        // Two steps keep each factor a normal Double for any exponent a scaled statistic meets.
        let half = clamped / 2
        return self * Double(sign: .plus, exponent: half, significand: 1)
            * Double(sign: .plus, exponent: clamped - half, significand: 1)
    }
}
