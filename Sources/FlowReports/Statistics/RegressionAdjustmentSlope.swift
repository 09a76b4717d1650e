/// The regression coefficient θ of a metric on its covariate that CUPED subtracts, `x − θ·x_pre`, pooled over the
/// two arms of a comparison as gbstats 0.8.0's `compute_theta` pools it: with both arms' users and sums together,
/// `θ = cov(x, x_pre) / var(x_pre)` (sample covariance, denominator n − 1; the covariate's variance p(1 − p) when it
/// is binary, the sample variance otherwise).
///
/// θ is 0 (no adjustment) when the pooled covariate or metric has no variance, or there are fewer than 2 users, as
/// gbstats then falls back to the unadjusted statistics; also when θ is beyond the largest Double.
///
/// θ is held as `value × 2^exponent`, `value` at the scale of the two variables' sums, so that metrics and covariates
/// of any magnitude give it without overflow.
package struct RegressionAdjustmentSlope: Sendable, Hashable {
    /// θ divided by 2^`exponent`.
    package var value: Double
    /// The power of two that takes `value` to θ.
    package var exponent: Int

    /// No adjustment.
    package static let zero = Self(value: 0, exponent: 0)

    /// θ = `value` × 2^`exponent`.
    package init(value: Double, exponent: Int) {
        self.value = value
        self.exponent = exponent
    }

    /// θ pooled over `treatment` and `control`.
    package init(pooling treatment: RegressionAdjustedArmStatistic, _ control: RegressionAdjustedArmStatistic) {
        let joint = treatment.pooled(with: control)
        let covariateVariance = joint.covariate.scaledVariance(count: joint.count)
        let metricVariance = joint.metric.scaledVariance(count: joint.count)
        let slope = joint.scaledCovariance() / covariateVariance
        guard joint.count > 1, covariateVariance > 0, metricVariance > 0, slope.isFinite else {
            self = .zero
            return
        }
        self.init(value: slope, exponent: joint.metric.scaleExponent - joint.covariate.scaleExponent)
    }

    /// θ; ±infinity beyond the largest Double, 0 below the smallest.
    package var theta: Double {
        value.timesPowerOfTwo(exponent)
    }

    /// Whether there is no adjustment.
    package var isZero: Bool {
        value == 0
    }
}
