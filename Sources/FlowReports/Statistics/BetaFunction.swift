import Foundation

/// The beta function and the regularized incomplete beta function.
package enum BetaFunction {
    /// Largest number of continued-fraction steps; convergence takes O(√max(a, b)) steps.
    static let maximumIterations = 100_000

    /// log B(a, b) = log Γ(a) + log Γ(b) − log Γ(a + b), matching `scipy.special.betaln` for a, b > 0.
    ///
    /// For large arguments the three log-gammas cancel catastrophically, so, as R's `lbeta` does, the Stirling
    /// terms are combined analytically and only the small Stirling remainders (`stirlingRemainder(_:)`) are added.
    package static func logBeta(_ a: Double, _ b: Double) -> Double {
        let small = min(a, b)
        let large = max(a, b)
        let total = small + large
        if small >= 10 {
            let remainder = stirlingRemainder(small) + stirlingRemainder(large) - stirlingRemainder(total)
            return -0.5 * log(large) + halfLogTwoPi + remainder
                + (small - 0.5) * log(small / total) + large * log1p(-small / total)
        }
        if large >= 10 {
            let remainder = stirlingRemainder(large) - stirlingRemainder(total)
            return lgamma(small) + remainder + small - small * log(total)
                + (large - 0.5) * log1p(-small / total)
        }
        return lgamma(small) + lgamma(large) - lgamma(total)
    }

    /// ½ log 2π.
    private static let halfLogTwoPi = 0.918_938_533_204_672_741_78

    /// B₂ₖ / (2k(2k−1)) for k = 1…8.
    private static let stirlingCoefficients: [Double] = [
        1.0 / 12.0, -1.0 / 360.0, 1.0 / 1260.0, -1.0 / 1680.0,
        1.0 / 1188.0, -691.0 / 360_360.0, 1.0 / 156.0, -3617.0 / 122_400.0,
    ]

    /// log Γ(x) − [(x − ½) log x − x + ½ log 2π] by the Stirling series Σ B₂ₖ / (2k(2k−1) x²ᵏ⁻¹), for x ≥ 10,
    /// where eight terms reach double precision.
    static func stirlingRemainder(_ x: Double) -> Double {
        let inverseSquare = 1 / (x * x)
        var sum = 0.0
        for coefficient in stirlingCoefficients.reversed() {
            sum = sum * inverseSquare + coefficient
        }
        return sum / x
    }

    /// I_x(a, b) = B(x; a, b) / B(a, b), the CDF of Beta(a, b) at x, matching `scipy.special.betainc`.
    ///
    /// Evaluated with the Lentz continued fraction on whichever of I_x(a, b) and 1 − I_{1−x}(b, a) converges
    /// fast (Numerical Recipes §6.4). Returns 0 for x ≤ 0, 1 for x ≥ 1 and NaN when a ≤ 0, b ≤ 0 or x is NaN.
    ///
    /// `complement`, when given, is 1 − x computed without rounding x first (Student's t passes t²/(ν + t²)):
    /// for x near 1 and a large, a · log x would otherwise carry x's rounding error times a.
    package static func regularizedIncomplete(x: Double, a: Double, b: Double, complement: Double? = nil) -> Double {
        guard a > 0, b > 0, !x.isNaN else { return .nan }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logFront: Double
        if let complement {
            logFront = a * (x < 0.5 ? log(x) : log1p(-complement)) + b * (complement < 0.5 ? log(complement) : log1p(-x))
                - logBeta(a, b)
        } else {
            logFront = a * log(x) + b * log1p(-x) - logBeta(a, b)
        }
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x: x, a: a, b: b) / a
        }
        return 1 - exp(logFront) * continuedFraction(x: complement ?? 1 - x, a: b, b: a) / b
    }

    /// The continued fraction 1/(1+ d₁/(1+ d₂/(1+ …))) of I_x(a, b), by modified Lentz.
    private static func continuedFraction(x: Double, a: Double, b: Double) -> Double {
        let tiny = Double.leastNormalMagnitude / Double.ulpOfOne
        let sum = a + b
        var c = 1.0
        var d = 1 - sum * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var fraction = d
        for step in 1...maximumIterations {
            let m = Double(step)
            let twoM = 2 * m
            let evenCoefficient = m * (b - m) * x / ((a + twoM - 1) * (a + twoM))
            d = 1 + evenCoefficient * d
            if abs(d) < tiny { d = tiny }
            c = 1 + evenCoefficient / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            fraction *= d * c
            let oddCoefficient = -(a + m) * (sum + m) * x / ((a + twoM) * (a + twoM + 1))
            d = 1 + oddCoefficient * d
            if abs(d) < tiny { d = tiny }
            c = 1 + oddCoefficient / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            fraction *= delta
            if abs(delta - 1) < Double.ulpOfOne { break }
        }
        return fraction
    }
}
