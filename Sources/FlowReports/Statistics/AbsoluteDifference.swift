/// The difference pT − pC of two conversion rates with its Newcombe (hybrid Wilson score) interval.
public struct AbsoluteDifference: Sendable, Hashable {
    /// pT − pC; 0 when either arm has no users.
    public var estimate: Double
    /// Newcombe's interval: [d − √((pT − lT)² + (uC − pC)²), d + √((uT − pT)² + (pC − lC)²)], where [l, u] are
    /// each arm's Wilson score intervals; [−1, 1] when either arm has no users.
    public var interval: ConfidenceInterval

    /// Estimates pT − pC with Newcombe's interval (method 10 of Newcombe 1998), matching statsmodels
    /// `confint_proportions_2indep(method="newcomb", compare="diff")`.
    ///
    /// Chosen over the Wald interval, which collapses to a point when both rates are 0 or 1 and is too narrow for
    /// small arms; the two agree for large arms with rates away from 0 and 1. Never wider than [−1, 1].
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
        let alpha = ComparisonSettings(alpha: alpha).effectiveAlpha
        let z = -NormalDistribution.quantile(alpha / 2)
        let pT = treatment.rate
        let pC = control.rate
        let wilsonT = Self.wilsonInterval(treatment, z: z)
        let wilsonC = Self.wilsonInterval(control, z: z)
        estimate = pT - pC
        let below = ((pT - wilsonT.lower) * (pT - wilsonT.lower) + (wilsonC.upper - pC) * (wilsonC.upper - pC)).squareRoot()
        let above = ((wilsonT.upper - pT) * (wilsonT.upper - pT) + (pC - wilsonC.lower) * (pC - wilsonC.lower)).squareRoot()
        interval = ConfidenceInterval(lower: max(-1, estimate - below), upper: min(1, estimate + above))
    }

    /// The Wilson score interval of one arm's rate, as statsmodels `proportion_confint(method="wilson")` computes it.
    static func wilsonInterval(_ counts: ArmCounts, z: Double) -> ConfidenceInterval {
        let n = Double(counts.users)
        let p = counts.rate
        let zSquared = z * z
        let denominator = 1 + zSquared / n
        let center = (p + zSquared / (2 * n)) / denominator
        let halfWidth = z * (p * (1 - p) / n + zSquared / (4 * n * n)).squareRoot() / denominator
        return ConfidenceInterval(lower: center - halfWidth, upper: center + halfWidth)
    }
}
