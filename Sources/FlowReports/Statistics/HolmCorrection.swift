/// Holm's step-down correction of p-values for multiple comparisons.
package enum HolmCorrection {
    /// Holm-adjusted p-values in the input order, matching statsmodels `multipletests(method="holm")[1]`.
    ///
    /// With the m p-values sorted ascending, p̃₍ᵢ₎ = min(1, maxⱼ≤ᵢ (m − j + 1)·p₍ⱼ₎). NaN inputs are treated as 1.
    package static func adjust(_ pValues: [Double]) -> [Double] {
        let count = pValues.count
        let cleaned = pValues.map { $0.isNaN ? 1 : min(max($0, 0), 1) }
        let order = cleaned.indices.sorted { cleaned[$0] < cleaned[$1] }
        var adjusted = [Double](repeating: 1, count: count)
        var runningMaximum = 0.0
        for (rank, index) in order.enumerated() {
            runningMaximum = max(runningMaximum, Double(count - rank) * cleaned[index])
            adjusted[index] = min(1, runningMaximum)
        }
        return adjusted
    }
}
