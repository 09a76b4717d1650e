/// Which test a comparison's p-value and significance refer to.
public enum SignificanceBasis: String, Sendable, Hashable, Codable {
    /// Two-sided two-proportion z-test of pT − pC with pooled variance (statsmodels `proportions_ztest`).
    /// The relative-uplift interval is descriptive and may disagree with it near the boundary.
    case absoluteDifferencePooledZTest = "absolute-difference-pooled-z-test"
    /// The always-valid p-value of pT − pC from `AsymptoticConfidenceSequence`, with unpooled variance.
    case absoluteDifferenceConfidenceSequence = "absolute-difference-confidence-sequence"
}
