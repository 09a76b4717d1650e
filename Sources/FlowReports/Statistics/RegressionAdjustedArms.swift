/// The two arms of a CUPED comparison, each adjusted by the slope θ pooled over both (gbstats 0.8.0's
/// `BaseABTest` sets both statistics' `theta` to `compute_theta(control, treatment)`).
package struct RegressionAdjustedArms: Sendable, Hashable {
    /// θ pooled over the two arms; zero when the pooled covariate or metric has no variance.
    package var slope: RegressionAdjustmentSlope
    /// The treatment, adjusted.
    package var treatment: RegressionAdjustedArm
    /// Control, adjusted.
    package var control: RegressionAdjustedArm

    /// Both arms adjusted by their pooled slope.
    package init(treatment: RegressionAdjustedArmStatistic, control: RegressionAdjustedArmStatistic) {
        slope = RegressionAdjustmentSlope(pooling: treatment, control)
        self.treatment = RegressionAdjustedArm(treatment, slope: slope)
        self.control = RegressionAdjustedArm(control, slope: slope)
    }

    /// The absolute difference's squared standard error with the adjustment over the one without,
    /// `(s²T,adj/nT + s²C,adj/nC) / (s²T/nT + s²C/nC)`: about 1 − ρ² for a covariate of correlation ρ with the
    /// metric, 1 when θ = 0. Nil when the unadjusted one is not a finite positive number.
    package var varianceRatio: Double? {
        let scale = max(treatment.scaleExponent, control.scaleExponent, treatment.statistic.unadjusted.scaleExponent,
                        control.statistic.unadjusted.scaleExponent)
        func squaredError(_ treatment: RegressionAdjustedArm, _ control: RegressionAdjustedArm) -> Double {
            treatment.unitVariance(scaledBy: scale) / Double(treatment.count) + control.unitVariance(scaledBy: scale) / Double(control.count)
        }
        guard treatment.count > 0, control.count > 0 else { return nil }
        let unadjusted = squaredError(treatment.statistic.unadjusted, control.statistic.unadjusted)
        let adjusted = squaredError(treatment, control)
        guard unadjusted > 0, unadjusted.isFinite, adjusted.isFinite else { return nil }
        return adjusted / unadjusted
    }
}

extension MetricComparison {
    /// Compares a CUPED metric's `treatment` with its `control`, each adjusted by the slope pooled over both
    /// (``RegressionAdjustedArms``): the same results as for an unadjusted metric, from the adjusted estimates and
    /// variances, the relative difference over control's unadjusted estimate.
    package init(treatment: RegressionAdjustedArmStatistic, control: RegressionAdjustedArmStatistic, settings: ComparisonSettings) {
        let arms = RegressionAdjustedArms(treatment: treatment, control: control)
        self.init(treatment: arms.treatment, control: arms.control, settings: settings)
    }
}

extension BayesianComparison {
    /// The Bayesian results of a CUPED metric's `treatment` against its `control`, each adjusted by the slope pooled
    /// over both (``RegressionAdjustedArms``), as for an unadjusted metric.
    package init(
        treatment: RegressionAdjustedArmStatistic, control: RegressionAdjustedArmStatistic, settings: BayesianSettings,
        direction: MetricDirection = .higherIsBetter
    ) {
        let arms = RegressionAdjustedArms(treatment: treatment, control: control)
        self.init(treatment: arms.treatment, control: arms.control, settings: settings, direction: direction)
    }
}
