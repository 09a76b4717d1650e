/// The difference pT − pC of two conversion rates with its unpooled Wald interval.
public struct AbsoluteDifference: Sendable, Hashable {
    /// pT − pC; 0 when either arm has no users.
    public var estimate: Double
    /// pT − pC ∓ z₁₋α/₂ · √(pT(1−pT)/nT + pC(1−pC)/nC); [−1, 1] when either arm has no users.
    public var interval: ConfidenceInterval

    /// Estimates pT − pC with the Wald interval, matching statsmodels
    /// `confint_proportions_2indep(method="wald", compare="diff")` (unpooled standard error, z = `norm.isf(alpha/2)`).
    ///
    /// With no users in an arm nothing is known, so the estimate is 0 and the interval spans every possible difference.
    /// `alpha` is clamped like ``ComparisonSettings/effectiveAlpha``.
    public init(treatment: ArmCounts, control: ArmCounts, alpha: Double) {
        let treatment = treatment.sanitized
        let control = control.sanitized
        guard treatment.users > 0, control.users > 0 else {
            estimate = 0
            interval = ConfidenceInterval(lower: -1, upper: 1)
            return
        }
        let pT = treatment.rate
        let pC = control.rate
        let variance = pT * (1 - pT) / Double(treatment.users) + pC * (1 - pC) / Double(control.users)
        let alpha = ComparisonSettings(alpha: alpha).effectiveAlpha
        let halfWidth = -NormalDistribution.quantile(alpha / 2) * variance.squareRoot()
        estimate = pT - pC
        interval = ConfidenceInterval(lower: estimate - halfWidth, upper: estimate + halfWidth)
    }
}
