/// One segment of an experiment (the users whose session start had one value of the segment property): its own
/// comparisons with control and sample-ratio check.
public struct SegmentReport: Sendable, Hashable, Codable {
    /// The value users without the segment property are grouped under.
    public static let unknownValue = "(unknown)"

    /// The segment property's value, e.g. `tablet`.
    public var value: String
    /// The segment's analysis: comparisons, sample-ratio check and verdict, over the segment's users only.
    public var analysis: AnalysisReport

    /// Creates a segment report.
    public init(value: String, analysis: AnalysisReport) {
        self.value = value
        self.analysis = analysis
    }

    enum CodingKeys: String, CodingKey {
        case value
        case analysis
    }
}
