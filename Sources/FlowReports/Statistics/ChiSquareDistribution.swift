/// The chi-square distribution with k degrees of freedom.
package enum ChiSquareDistribution {
    /// P(X > x) for X ~ χ²(k), computed as Q(k/2, x/2) (regularized upper incomplete gamma), matching `scipy.stats.chi2.sf`.
    ///
    /// Returns 1 for x ≤ 0, 0 for x = +∞, and NaN for k ≤ 0 or NaN arguments.
    package static func survival(x: Double, degreesOfFreedom: Int) -> Double {
        guard degreesOfFreedom > 0 else { return .nan }
        return GammaFunction.regularizedUpperIncomplete(a: Double(degreesOfFreedom) / 2, x: x / 2)
    }
}
