/// How p-values are adjusted when several metrics and variants are tested together.
public enum MultipleComparisonCorrection: String, Sendable, Hashable, Codable, CaseIterable {
    /// Holm's step-down correction: controls the family-wise error rate.
    case holm
    /// Benjamini and Hochberg's step-up correction: controls the false discovery rate.
    case benjaminiHochberg = "benjamini-hochberg"

    /// `pValues` adjusted by this correction, in the input order.
    public func adjust(_ pValues: [Double]) -> [Double] {
        switch self {
        case .holm: HolmCorrection.adjust(pValues)
        case .benjaminiHochberg: BenjaminiHochbergCorrection.adjust(pValues)
        }
    }
}
