import Foundation

extension NormalDistribution {
    /// E[max(X, 0)] for X ~ N(`mean`, `standardDeviation`²): how much of X lies above 0, on average. It is the
    /// expected loss of a Bayesian decision (a risk): keeping control forgoes max(effect, 0).
    ///
    /// Equal to `mean·Φ(z) + σ·φ(z)` with z = mean/σ. For a negative mean the two terms nearly cancel (their sum is
    /// about 1/z² of either, so the subtraction's error grows as z²: 1e-10 at z = −30), so there it is
    /// `σ·φ(|z|) / (1 + |z|·T)` with Laplace's continued fraction of the normal tail: the Mills ratio
    /// Φ(−x)/φ(x) = 1/(x + 1/T), T = x + 2/(x + 3/(x + …)). Relative error about 1e-13 or better everywhere; 0 where
    /// the value is below the smallest double. `standardDeviation` must be positive and both values finite.
    package static func expectedPositivePart(mean: Double, standardDeviation: Double) -> Double {
        let z = mean / standardDeviation
        if mean >= 0 {
            return mean * cdf(z) + standardDeviation * density(z)
        }
        return standardDeviation * upperPartialExpectation(belowMeanBy: -z)
    }

    /// φ(x) − x·Φ(−x) = E[max(Z − x, 0)] for Z ~ N(0, 1) and x ≥ 0: the part of a standard normal above x.
    static func upperPartialExpectation(belowMeanBy x: Double) -> Double {
        // Below 3 the subtraction loses under 2 digits; from 3 on 64 terms of the fraction reach full precision.
        if x < 3 { return density(x) - x * survival(x) }
        if !x.isFinite { return 0 }
        var tail = x
        for k in stride(from: 64.0, through: 2, by: -1) {
            tail = x + k / tail
        }
        return density(x) / (1 + x * tail)
    }

    /// φ(x) = e^(−x²/2) / √(2π), the standard normal density; 0 for ±∞.
    static func density(_ x: Double) -> Double {
        exp(-0.5 * x * x) / (2 * Double.pi).squareRoot()
    }
}
