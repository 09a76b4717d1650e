/// Whether one treatment's effect differs between segments: Cochran's Q test of heterogeneity.
public struct SegmentInteractionReport: Sendable, Hashable, Codable {
    /// The treatment.
    public var variant: String
    /// Segments with users in both the treatment and control.
    public var segments: Int
    /// Q = Σ wᵢ (dᵢ − d̄)², with dᵢ the segment's pT − pC, wᵢ the inverse of its unpooled variance and d̄ their
    /// weighted mean.
    public var chiSquare: Double
    /// P(χ²(segments − 1) ≥ Q); 1 with fewer than two segments.
    public var pValue: Double
    /// pValue < alpha: the treatment's effect differs between segments.
    public var differsBetweenSegments: Bool

    /// Creates an interaction report.
    public init(variant: String, segments: Int, chiSquare: Double, pValue: Double, differsBetweenSegments: Bool) {
        self.variant = variant
        self.segments = segments
        self.chiSquare = chiSquare
        self.pValue = pValue
        self.differsBetweenSegments = differsBetweenSegments
    }

    enum CodingKeys: String, CodingKey {
        case variant
        case segments
        case chiSquare = "chi_square"
        case pValue = "p_value"
        case differsBetweenSegments = "differs_between_segments"
    }
}
