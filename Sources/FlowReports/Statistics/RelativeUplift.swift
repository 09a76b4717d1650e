import Foundation

/// The relative uplift pT / pC − 1 with an interval on the log scale, which never goes below −100%.
public struct RelativeUplift: Sendable, Hashable {
    /// pT / pC − 1.
    public var estimate: Double
    /// exp(ln(pT/pC) ∓ z₁₋α/₂ · √(1/xT − 1/nT + 1/xC − 1/nC)) − 1 (Katz's log interval of the risk ratio);
    /// nil when the treatment has no conversions, where the log scale has no interval.
    public var interval: ConfidenceInterval?

    /// Estimates the uplift with Katz's log interval of the ratio of rates, matching statsmodels
    /// `confint_proportions_2indep(method="log", compare="ratio")` minus 1.
    ///
    /// The interval is computed for ln(pT/pC), so its lower end, once mapped back, is always above −100%; the
    /// delta-method interval on the ratio itself can reach below −100% for small arms.
    ///
    /// Returns nil when either arm has no users or the control has no conversions (the ratio is undefined).
    /// `alpha` is clamped like ``ComparisonSettings/effectiveAlpha``.
    public init?(treatment: ArmCounts, control: ArmCounts, alpha: Double) {
        let treatment = treatment.sanitized
        let control = control.sanitized
        guard treatment.users > 0, control.users > 0, control.conversions > 0 else { return nil }
        estimate = treatment.rate / control.rate - 1
        guard treatment.conversions > 0 else {
            interval = nil
            return
        }
        let variance = 1 / Double(treatment.conversions) - 1 / Double(treatment.users)
            + 1 / Double(control.conversions) - 1 / Double(control.users)
        let alpha = ComparisonSettings(alpha: alpha).effectiveAlpha
        let halfWidth = -NormalDistribution.quantile(alpha / 2) * max(0, variance).squareRoot()
        let logRatio = log(treatment.rate / control.rate)
        interval = ConfidenceInterval(lower: exp(logRatio - halfWidth) - 1, upper: exp(logRatio + halfWidth) - 1)
    }
}
