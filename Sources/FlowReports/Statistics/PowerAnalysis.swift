import Foundation

/// Power calculations of the two-sided z-test on Cohen's h for two independent proportions.
///
/// Mirrors statsmodels `NormalIndPower` with `proportion_effectsize`: the power at effect size h, first-arm size n₁
/// and ratio r = n₂/n₁ is Φ(−z₁₋α/₂ + h√ñ) + Φ(−z₁₋α/₂ − h√ñ) with ñ = 1/(1/n₁ + 1/n₂) (statsmodels `normal_power`,
/// both tails). Solving power(h, ñ) = target is done once for the standardized shift s = h√ñ
/// (``requiredShift(alpha:power:)``), so n₁ = (s/h)²·(1 + r)/r and h = s/√ñ follow in closed form.
/// Here the first arm is control and r = nT/nC, as in `solve_power(effect_size=h, nobs1=None, ratio=nT/nC)`.
package enum PowerAnalysis {
    /// Cohen's h = 2·asin(√p₁) − 2·asin(√p₂), matching statsmodels `proportion_effectsize(p1, p2)`.
    package static func cohensH(_ p1: Double, _ p2: Double) -> Double {
        2 * asin(clampedProbability(p1).squareRoot()) - 2 * asin(clampedProbability(p2).squareRoot())
    }

    /// Two-sided power Φ(h√ñ − z₁₋α/₂) + Φ(−h√ñ − z₁₋α/₂) (statsmodels `normal_power`, `alternative="two-sided"`).
    package static func power(effectSize: Double, effectiveSampleSize: Double, alpha: Double) -> Double {
        power(shift: effectSize * effectiveSampleSize.squareRoot(), alpha: alpha)
    }

    /// The shift s ≥ 0 at which the two-sided test reaches `power`: Φ(s − z₁₋α/₂) + Φ(−s − z₁₋α/₂) = power.
    ///
    /// The left side rises monotonically from alpha at s = 0, so bisection to adjacent doubles finds the root.
    /// Returns nil when power ≤ alpha (no positive shift is needed) or an argument is outside (0, 1).
    package static func requiredShift(alpha: Double, power target: Double) -> Double? {
        guard alpha > 0, alpha < 1, target > 0, target < 1, target > alpha else { return nil }
        var low = 0.0
        // At s = z₁₋α/₂ + z_power the upper tail alone reaches the target, so the root is below it.
        var high = -NormalDistribution.quantile(alpha / 2) + NormalDistribution.quantile(target) + 1
        while power(shift: high, alpha: alpha) < target { high *= 2 }
        for _ in 0..<200 {
            let middle = 0.5 * (low + high)
            guard middle > low, middle < high else { break }
            if power(shift: middle, alpha: alpha) < target { low = middle } else { high = middle }
        }
        return 0.5 * (low + high)
    }

    /// The smallest absolute change of the control rate the test detects with the target power at the current sizes.
    ///
    /// h = s/√ñ with ñ = 1/(1/nC + 1/nT) (statsmodels `solve_power(effect_size=None, nobs1=nC, ratio=nT/nC)`),
    /// inverted through Cohen's h: p₂ = sin(asin(√pC) + h/2)², MDE = p₂ − pC. When no rate above pC is that far
    /// (asin(√pC) + h/2 > π/2) the downward change pC − sin(asin(√pC) − h/2)² is reported; nil when neither exists,
    /// an arm is empty, or the settings admit no solution.
    package static func minimumDetectableEffect(
        controlRate: Double, controlUsers: Int, treatmentUsers: Int, alpha: Double, power: Double
    ) -> Double? {
        guard controlUsers > 0, treatmentUsers > 0,
              let shift = requiredShift(alpha: alpha, power: power) else { return nil }
        let effective = 1 / (1 / Double(controlUsers) + 1 / Double(treatmentUsers))
        let h = shift / effective.squareRoot()
        let rate = clampedProbability(controlRate)
        let angle = asin(rate.squareRoot())
        if angle + h / 2 <= Double.pi / 2 {
            return pow(sin(angle + h / 2), 2) - rate
        }
        if angle - h / 2 >= 0 {
            return rate - pow(sin(angle - h / 2), 2)
        }
        return nil
    }

    /// Control-arm users n₁ needed to detect the effect between the two rates with the target power, keeping the
    /// current split r = nT/nC (the treatment arm then needs r·n₁): n₁ = (s/h)²·(1 + r)/r with h Cohen's h,
    /// matching statsmodels `NormalIndPower().solve_power(effect_size=h, nobs1=None, alpha, power, ratio=nT/nC)`.
    ///
    /// Returns nil when the rates are equal (no sample size suffices), an arm is empty, or the settings admit no
    /// solution.
    package static func requiredControlUsers(
        controlRate: Double, treatmentRate: Double, controlUsers: Int, treatmentUsers: Int,
        alpha: Double, power: Double
    ) -> Double? {
        guard controlUsers > 0, treatmentUsers > 0,
              let shift = requiredShift(alpha: alpha, power: power) else { return nil }
        let h = abs(cohensH(treatmentRate, controlRate))
        guard h > 0 else { return nil }
        let ratio = Double(treatmentUsers) / Double(controlUsers)
        let effective = (shift / h) * (shift / h)
        return effective * (1 + ratio) / ratio
    }

    private static func power(shift: Double, alpha: Double) -> Double {
        let critical = -NormalDistribution.quantile(alpha / 2)
        return NormalDistribution.survival(critical - shift) + NormalDistribution.cdf(-critical - shift)
    }

    private static func clampedProbability(_ p: Double) -> Double {
        p.isNaN ? 0 : min(max(p, 0), 1)
    }
}
