/// The two arms of a CUPED ratio comparison, each adjusted by one θ, as GrowthBook's
/// `compute_theta_regression_adjusted_ratio` takes it: with each arm's ∇ at θ = 1 split into its post-exposure
/// part ∇ₒ (the first two entries) and its covariate part ∇ₚ (the last two), and Λ's blocks likewise,
/// `θ = −Σ_arms ∇ₚᵀΛₚₒ∇ₒ / Σ_arms ∇ₚᵀΛₚₚ∇ₚ`, the slope that minimises the sum of the arms' unit variances.
///
/// θ is 0 (the unadjusted ratios) when |θ| < 1e-8, as GrowthBook falls back then, or the covariate parts have
/// no variance.
package struct RegressionAdjustedRatioArms: Sendable, Hashable {
    /// The pooled slope; 0 without adjustment.
    package var theta: Double
    /// The treatment, adjusted.
    package var treatment: RegressionAdjustedRatioArm
    /// Control, adjusted.
    package var control: RegressionAdjustedRatioArm

    /// Both arms adjusted by their slope.
    package init(treatment: RegressionAdjustedRatioArmStatistic, control: RegressionAdjustedRatioArmStatistic) {
        var covariance = 0.0
        var covariateVariance = 0.0
        for arm in [control, treatment] {
            let means = arm.means
            guard let gradient = RegressionAdjustedRatioArm.gradient(means: means, theta: 1) else { continue }
            let matrix = arm.covarianceMatrix
            let post = Array(gradient[0..<2]), covariate = Array(gradient[2..<4])
            covariance += RegressionAdjustedRatioArm.quadratic(covariate, matrix, post, rows: 2..<4, columns: 0..<2)
            covariateVariance += RegressionAdjustedRatioArm.quadratic(covariate, matrix, covariate, rows: 2..<4, columns: 2..<4)
        }
        let slope = covariateVariance == 0 ? 0 : -covariance / covariateVariance
        theta = slope.isFinite && abs(slope) >= 1e-8 ? slope : 0
        self.treatment = RegressionAdjustedRatioArm(treatment, theta: theta)
        self.control = RegressionAdjustedRatioArm(control, theta: theta)
    }
}

extension MetricComparison {
    /// Compares a CUPED ratio metric's `treatment` with its `control`, adjusted by their slope
    /// (``RegressionAdjustedRatioArms``).
    package init(treatment: RegressionAdjustedRatioArmStatistic, control: RegressionAdjustedRatioArmStatistic, settings: ComparisonSettings) {
        let arms = RegressionAdjustedRatioArms(treatment: treatment, control: control)
        self.init(treatment: arms.treatment, control: arms.control, settings: settings)
    }
}

extension BayesianComparison {
    /// The Bayesian results of a CUPED ratio metric's `treatment` against its `control`, adjusted by their slope
    /// (``RegressionAdjustedRatioArms``).
    package init(
        treatment: RegressionAdjustedRatioArmStatistic, control: RegressionAdjustedRatioArmStatistic, settings: BayesianSettings,
        direction: MetricDirection = .higherIsBetter
    ) {
        let arms = RegressionAdjustedRatioArms(treatment: treatment, control: control)
        self.init(treatment: arms.treatment, control: arms.control, settings: settings, direction: direction)
    }
}
