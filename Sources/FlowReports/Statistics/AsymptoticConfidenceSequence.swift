import Foundation

/// Always-valid inference for a difference of means: the asymptotic confidence sequence of Waudby-Smith, Pace,
/// Ramdas et al. ("Time-uniform central limit theory and asymptotic confidence sequences", arXiv 2103.06476v7),
/// with the parametrisation GrowthBook's gbstats uses (`SequentialTwoSidedTTest`).
///
/// For an estimate `d` with squared standard error `v` from `n` users in total:
/// - mixing parameter (eq. 161): `ρ = √((−2 ln α + ln(−2 ln α + 1)) / N*)` for the tuning `N*`;
/// - interval half-width (eq. 9): `√(v·n) · √(2(nρ² + 1) · ln(√(nρ² + 1) / α) / (nρ)²)`;
/// - p-value (eq. 155): `min(1, 1/E)` with the e-value `E = exp(ρ² · (d²n/v) / (2(nρ² + 1))) / √(nρ² + 1)`.
/// The p-value is below α exactly when the interval excludes 0, at every look.
package struct AsymptoticConfidenceSequence: Sendable, Hashable {
    /// Significance level.
    package let alpha: Double
    /// The mixing parameter ρ.
    package let rho: Double

    /// The sequence at level `alpha` tuned to be tightest around `tuningUsers` users in total.
    package init(alpha: Double, tuningUsers: Double) {
        let alpha = ComparisonSettings(alpha: alpha).effectiveAlpha
        self.alpha = alpha
        let logAlpha = log(alpha)
        rho = ((-2 * logAlpha + log(-2 * logAlpha + 1)) / max(tuningUsers, 1)).squareRoot()
    }

    /// The half-width of the interval for an estimate with squared standard error `variance` from `users` users.
    package func halfWidth(variance: Double, users: Int) -> Double {
        let n = Double(max(users, 1))
        let nRhoSquaredPlusOne = n * rho * rho + 1
        return (variance * n).squareRoot()
            * (2 * nRhoSquaredPlusOne * log(nRhoSquaredPlusOne.squareRoot() / alpha) / ((n * rho) * (n * rho))).squareRoot()
    }

    /// The always-valid two-sided p-value of `estimate` against 0.
    package func pValue(estimate: Double, variance: Double, users: Int) -> Double {
        guard variance > 0, users > 0 else { return 1 }
        let n = Double(users)
        let nRhoSquaredPlusOne = n * rho * rho + 1
        let standardized = estimate * estimate * n / variance
        let logEValue = rho * rho * standardized / (2 * nRhoSquaredPlusOne) - 0.5 * log(nRhoSquaredPlusOne)
        return min(1, exp(-logEValue))
    }
}
