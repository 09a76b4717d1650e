/// One segment of an experiment (the users whose session start had one value of the segment property): its own
/// comparisons with control and sample-ratio check.
public struct SegmentReport: Sendable, Hashable, Codable {
    /// The value users without the segment property are grouped under.
    public static let unknownValue = "(unknown)"
    /// The value of the one segment holding the users of every value beyond ``maximumListed``.
    public static let otherValue = "(other)"
    /// The most segment values a report lists by name: those with the most users, ties by value in UTF-8 order.
    /// The users of the others are one more segment, ``otherValue``, and the experiment says how many values it holds
    /// (``ExperimentReport/otherSegmentValues``), so a log of endless distinct values makes a report of bounded size.
    public static let maximumListed = 100

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
