/// One arm of a CUPED metric with the pooled slope θ applied (gbstats 0.8.0's `RegressionAdjustedStatistic` with
/// its `theta` set), compared as any other arm by ``MetricComparison`` and ``BayesianComparison``.
///
/// With the arm's means x̄ and x̄_pre, variances s²ₓ and s²ₚ and covariance sₓₚ:
/// - estimate: `x̄ − θ·x̄_pre`;
/// - unit variance: `s²ₓ + θ²·s²ₚ − 2θ·sₓₚ` (0 for fewer than 2 users);
/// - unadjusted estimate: `x̄`, which a relative difference divides by and whose square its delta method takes.
///
/// `s²ₓ` and `s²ₚ` are p(1 − p) for a binary (`proportion`) variable and the sample variance (n − 1) otherwise; `sₓₚ`
/// is the sample covariance (n − 1), as gbstats takes them. With θ = 0 the arm is the metric's own statistic.
///
/// Each variable is computed at its own scale (its values at most 1) and θ at theirs, so no magnitude of metric or
/// covariate short of the largest Double overflows a square or a product.
package struct RegressionAdjustedArm: MetricArmStatistic {
    /// The arm's sums.
    package var statistic: RegressionAdjustedArmStatistic
    /// The slope pooled over the comparison's two arms.
    package var slope: RegressionAdjustmentSlope

    /// The arm of `statistic` adjusted by `slope`.
    package init(_ statistic: RegressionAdjustedArmStatistic, slope: RegressionAdjustmentSlope) {
        self.statistic = statistic
        self.slope = slope
    }

    /// The users of the arm.
    package var count: Int {
        statistic.count
    }

    /// θ at the arm's scales: θ = `scaledSlope` × 2^(metric scale − covariate scale).
    private var scaledSlope: Double {
        slope.value.timesPowerOfTwo(slope.exponent - statistic.metric.scaleExponent + statistic.covariate.scaleExponent)
    }

    /// The metric's scale, raised by the magnitude of θ at it: |θ·x̄_pre| is at most |scaledSlope| there.
    package var scaleExponent: Int {
        let slope = scaledSlope.magnitude
        let raise = slope >= 1 && slope.isFinite ? Int(slope.exponent) + 1 : 0
        return statistic.metric.scaleExponent + raise
    }

    /// `x̄ − θ·x̄_pre` divided by 2^`exponent`; nil without users.
    package func estimate(scaledBy exponent: Int) -> Double? {
        guard count > 0 else { return nil }
        let metricMean = statistic.metric.scaledMean(count: count)
        guard !slope.isZero else { return metricMean.timesPowerOfTwo(statistic.metric.scaleExponent - exponent) }
        let adjusted = metricMean - scaledSlope * statistic.covariate.scaledMean(count: count)
        return adjusted.timesPowerOfTwo(statistic.metric.scaleExponent - exponent)
    }

    /// `x̄` divided by 2^`exponent`; nil without users.
    package func unadjustedEstimate(scaledBy exponent: Int) -> Double? {
        guard count > 0 else { return nil }
        return statistic.metric.scaledMean(count: count).timesPowerOfTwo(statistic.metric.scaleExponent - exponent)
    }

    /// `s²ₓ + θ²·s²ₚ − 2θ·sₓₚ` divided by 4^`exponent` (the metric's own variance when θ = 0); never negative,
    /// +infinity when beyond the largest Double.
    package func unitVariance(scaledBy exponent: Int) -> Double {
        let metricVariance = statistic.metric.scaledVariance(count: count)
        let shift = 2 * (statistic.metric.scaleExponent - exponent)
        guard !slope.isZero else { return metricVariance.timesPowerOfTwo(shift) }
        guard count > 1 else { return 0 }
        let slope = scaledSlope
        let variance = metricVariance + slope * slope * statistic.covariate.scaledVariance(count: count)
            - 2 * slope * statistic.scaledCovariance()
        guard variance.isFinite else { return .infinity }
        return max(variance, 0).timesPowerOfTwo(shift)
    }

    /// ``MetricComparisonLimitation/emptyArm`` without users, ``MetricComparisonLimitation/valueBeyondRange`` when
    /// θ at the arm's scale is beyond the largest Double, ``MetricComparisonLimitation/noVariance`` when the adjusted
    /// values do not vary.
    package var limitation: MetricComparisonLimitation? {
        if count == 0 { return .emptyArm }
        if !scaledSlope.isFinite { return .valueBeyondRange }
        return unitVariance(scaledBy: scaleExponent) > 0 ? nil : .noVariance
    }
}
