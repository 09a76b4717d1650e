import Foundation

/// Regularized incomplete gamma functions P(a, x) and Q(a, x) = 1 − P(a, x).
///
/// Uses the power series of P for x < a + 1 and the Lentz continued fraction of Q otherwise
/// (Numerical Recipes §6.2; the same split as Cephes `igam`/`igamc` behind `scipy.special.gammaincc`),
/// so whichever side is small is computed directly and keeps its relative precision.
package enum GammaFunction {
    /// Largest number of series terms or continued-fraction steps; both converge in O(√a) steps for the
    /// arguments this module uses, so the cap only bounds the work for absurd inputs.
    static let maximumIterations = 100_000

    /// P(a, x) = γ(a, x) / Γ(a), the regularized lower incomplete gamma function (`scipy.special.gammainc`).
    ///
    /// Returns 0 for x ≤ 0, 1 for x = +∞, and NaN when a ≤ 0 or an argument is NaN.
    package static func regularizedLowerIncomplete(a: Double, x: Double) -> Double {
        guard a > 0, !x.isNaN else { return .nan }
        if x <= 0 { return 0 }
        if x.isInfinite { return 1 }
        if x < a + 1 { return lowerSeries(a: a, x: x) }
        return 1 - upperContinuedFraction(a: a, x: x)
    }

    /// Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma function (`scipy.special.gammaincc`).
    ///
    /// Returns 1 for x ≤ 0, 0 for x = +∞, and NaN when a ≤ 0 or an argument is NaN.
    package static func regularizedUpperIncomplete(a: Double, x: Double) -> Double {
        guard a > 0, !x.isNaN else { return .nan }
        if x <= 0 { return 1 }
        if x.isInfinite { return 0 }
        if x < a + 1 { return 1 - lowerSeries(a: a, x: x) }
        return upperContinuedFraction(a: a, x: x)
    }

    /// log(xᵃ e⁻ˣ / Γ(a)), the common prefactor of both expansions.
    private static func logPrefactor(a: Double, x: Double) -> Double {
        a * log(x) - x - lgamma(a)
    }

    /// P(a, x) = xᵃ e⁻ˣ / Γ(a) · Σₙ xⁿ / (a (a+1) … (a+n)).
    private static func lowerSeries(a: Double, x: Double) -> Double {
        var denominator = a
        var term = 1 / a
        var sum = term
        for _ in 0..<maximumIterations {
            denominator += 1
            term *= x / denominator
            sum += term
            if abs(term) < abs(sum) * Double.ulpOfOne { break }
        }
        return min(1, sum * exp(logPrefactor(a: a, x: x)))
    }

    /// Q(a, x) = xᵃ e⁻ˣ / Γ(a) · 1/(x+1−a− 1·(1−a)/(x+3−a− 2·(2−a)/(x+5−a− …))), by modified Lentz.
    private static func upperContinuedFraction(a: Double, x: Double) -> Double {
        let tiny = Double.leastNormalMagnitude / Double.ulpOfOne
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var fraction = d
        for step in 1...maximumIterations {
            let n = Double(step)
            let an = -n * (n - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            fraction *= delta
            if abs(delta - 1) < Double.ulpOfOne { break }
        }
        return min(1, exp(logPrefactor(a: a, x: x)) * fraction)
    }
}
