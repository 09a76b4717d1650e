import Foundation

/// The Bayesian chance that the treatment's true rate exceeds control's, with uniform Beta(1, 1) priors.
///
/// Posteriors are Beta(1 + x, 1 + n − x) per arm; the chance is P(pT > pC).
package enum ChanceToBeatControl {
    /// How a probability was computed.
    package enum Method: String, Sendable, Hashable, Codable {
        /// Evan Miller's closed-form sum, exact up to rounding.
        case exactSum = "exact-sum"
        /// Normal approximation of pT − pC from the posterior means and variances.
        case normalApproximation = "normal-approximation"
    }

    /// The closed form is used while its number of terms, the smallest of the four posterior parameters,
    /// is at most this (tens of milliseconds at worst); beyond it every parameter exceeds 5·10⁶, each posterior's
    /// skewness is below 10⁻³ (and largely cancels in pT − pC for similar arms), so the normal approximation is used.
    package static let exactSumTermLimit = 5_000_000.0

    /// P(pT > pC) for posteriors Beta(1 + xT, 1 + nT − xT) and Beta(1 + xC, 1 + nC − xC), from sanitized counts.
    ///
    /// Matches numerical integration ∫ f_T(t) F_C(t) dt (scipy `integrate.quad` of `beta.pdf · beta.cdf`).
    package static func probability(treatment: ArmCounts, control: ArmCounts) -> Double {
        evaluate(treatment: treatment, control: control).probability
    }

    /// The probability together with the method used to compute it.
    package static func evaluate(treatment: ArmCounts, control: ArmCounts) -> (probability: Double, method: Method) {
        let treatment = treatment.sanitized
        let control = control.sanitized
        return probabilityFirstExceedsSecond(
            first: (Double(treatment.conversions) + 1, Double(treatment.nonConversions) + 1),
            second: (Double(control.conversions) + 1, Double(control.nonConversions) + 1)
        )
    }

    /// P(X > Y) for independent X ~ Beta(a₁, b₁), Y ~ Beta(a₂, b₂) with integer parameters ≥ 1.
    ///
    /// Evan Miller's sum P(X > Y) = Σᵢ₌₀^{a₁−1} B(a₂+i, b₁+b₂) / ((b₁+i) B(1+i, b₁) B(a₂, b₂)) has a₁ terms.
    /// The identities P(X > Y) = 1 − P(Y > X) = P(1−Y > 1−X) = 1 − P(1−X > 1−Y) give sums with a₂, b₂ or b₁
    /// terms, so the shortest is used.
    static func probabilityFirstExceedsSecond(
        first: (a: Double, b: Double), second: (a: Double, b: Double)
    ) -> (probability: Double, method: Method) {
        let shortest = min(first.a, first.b, second.a, second.b)
        guard shortest <= exactSumTermLimit else {
            return (normalApproximation(first: first, second: second), .normalApproximation)
        }
        let probability: Double
        switch shortest {
        case first.a:
            probability = millerSum(first: first, second: second)
        case second.a:
            probability = 1 - millerSum(first: second, second: first)
        case second.b:
            probability = millerSum(first: (second.b, second.a), second: (first.b, first.a))
        default:
            probability = 1 - millerSum(first: (first.b, first.a), second: (second.b, second.a))
        }
        return (min(1, max(0, probability)), .exactSum)
    }

    /// Evan Miller's sum for P(X > Y), evaluated by the term ratio
    /// tᵢ₊₁ / tᵢ = (a₂+i)(b₁+i) / ((i+1)(a₂+b₂+b₁+i)) from t₀ = B(a₂, b₁+b₂) / B(a₂, b₂),
    /// with a running log-scale so that no term under- or overflows.
    private static func millerSum(first: (a: Double, b: Double), second: (a: Double, b: Double)) -> Double {
        let logFirstTerm = BetaFunction.logBeta(second.a, first.b + second.b) - BetaFunction.logBeta(second.a, second.b)
        let rescaleAbove = 1e250
        var logScale = logFirstTerm
        var term = 1.0
        var sum = 0.0
        let termCount = Int(first.a)
        let secondTotal = second.a + second.b + first.b
        for index in 0..<termCount {
            sum += term
            let i = Double(index)
            let ratio = (second.a + i) * (first.b + i) / ((i + 1) * (secondTotal + i))
            term *= ratio
            // Past the mode the ratio stays below 1, so once terms are negligible the rest is too.
            if ratio < 1, term < sum * 1e-18 { break }
            if sum > rescaleAbove {
                sum /= rescaleAbove
                term /= rescaleAbove
                logScale += log(rescaleAbove)
            }
        }
        return exp(logScale + log(sum))
    }

    /// Φ((E[X] − E[Y]) / √(Var X + Var Y)) with Beta means a/(a+b) and variances ab/((a+b)²(a+b+1)).
    private static func normalApproximation(first: (a: Double, b: Double), second: (a: Double, b: Double)) -> Double {
        func moments(_ parameters: (a: Double, b: Double)) -> (mean: Double, variance: Double) {
            let total = parameters.a + parameters.b
            let mean = parameters.a / total
            return (mean, mean * (parameters.b / total) / (total + 1))
        }
        let x = moments(first)
        let y = moments(second)
        return NormalDistribution.cdf((x.mean - y.mean) / (x.variance + y.variance).squareRoot())
    }
}
