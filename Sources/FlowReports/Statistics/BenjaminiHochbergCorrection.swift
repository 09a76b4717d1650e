/// Benjamini and Hochberg's step-up correction, which controls the false discovery rate.
package enum BenjaminiHochbergCorrection {
    /// Adjusted p-values in the input order, matching statsmodels `multipletests(method="fdr_bh")[1]`.
    ///
    /// With the m p-values sorted ascending, p̃₍ᵢ₎ = min(1, minⱼ≥ᵢ m·p₍ⱼ₎ / j). NaN inputs are treated as 1.
    package static func adjust(_ pValues: [Double]) -> [Double] {
        let count = pValues.count
        let cleaned = pValues.map { $0.isNaN ? 1 : min(max($0, 0), 1) }
        let order = cleaned.indices.sorted { cleaned[$0] < cleaned[$1] }
        var adjusted = [Double](repeating: 1, count: count)
        var runningMinimum = 1.0
        for (rank, index) in order.enumerated().reversed() {
            runningMinimum = min(runningMinimum, Double(count) * cleaned[index] / Double(rank + 1))
            adjusted[index] = runningMinimum
        }
        return adjusted
    }
}
