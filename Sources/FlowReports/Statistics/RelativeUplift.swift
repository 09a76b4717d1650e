/// The relative uplift pT / pC − 1 with a delta-method interval.
public struct RelativeUplift: Sendable, Hashable {
    /// pT / pC − 1.
    public var estimate: Double
    /// (pT/pC − 1) ∓ z₁₋α/₂ · √Var, with the delta-method variance of the ratio
    /// Var(pT/pC) ≈ pT(1−pT)/(nT·pC²) + pT²·pC(1−pC)/(nC·pC⁴).
    public var interval: ConfidenceInterval

    /// Estimates the uplift as GrowthBook's frequentist engine does for proportions (delta method on the ratio of
    /// means, variance of each mean p(1−p)/n: gbstats `TTest.variance`), but with the normal quantile
    /// `norm.isf(alpha/2)` where gbstats uses Student t with Welch–Satterthwaite degrees of freedom.
    ///
    /// Returns nil when either arm has no users or the control rate is 0 (the ratio is undefined).
    /// `alpha` is clamped like ``ComparisonSettings/effectiveAlpha``.
    public init?(treatment: ArmCounts, control: ArmCounts, alpha: Double) {
        let treatment = treatment.sanitized
        let control = control.sanitized
        guard treatment.users > 0, control.users > 0, control.conversions > 0 else { return nil }
        let pT = treatment.rate
        let pC = control.rate
        let nT = Double(treatment.users)
        let nC = Double(control.users)
        let pCSquared = pC * pC
        let variance = pT * (1 - pT) / (nT * pCSquared) + pT * pT * pC * (1 - pC) / (nC * pCSquared * pCSquared)
        let alpha = ComparisonSettings(alpha: alpha).effectiveAlpha
        let halfWidth = -NormalDistribution.quantile(alpha / 2) * variance.squareRoot()
        estimate = pT / pC - 1
        interval = ConfidenceInterval(lower: estimate - halfWidth, upper: estimate + halfWidth)
    }
}
