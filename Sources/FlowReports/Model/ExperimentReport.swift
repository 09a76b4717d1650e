/// One experiment of a ``Report``: its arms, the users left out, and the analysis.
public struct ExperimentReport: Sendable, Hashable, Codable {
    /// The experiment key (or the compared slot in `compare` mode).
    public var key: String
    /// The control arm's variant.
    public var control: String
    /// The conversion window, in seconds.
    public var conversionWindowSeconds: Int
    /// The goal, as `EventMatcher.summary` (FlowEvents) words it.
    public var goal: String
    /// Whether the steps were discovered from the screens shown rather than configured.
    public var stepsDiscovered: Bool
    /// Users exposed to more than one variant, excluded from every count.
    public var excludedMultiVariantUsers: Int
    /// The arms, control first.
    public var arms: [ArmReport]
    /// Comparisons with control, the sample-ratio check and the verdict.
    public var analysis: AnalysisReport
    /// What the reader must know to read the numbers right, e.g. that the configuration was not found and what
    /// was used instead, or that a variant the configuration does not list was left out of the analysis.
    public var notes: [String]
    /// Guardrail and secondary metrics per treatment, when the configuration asks for them.
    public var metrics: [MetricComparisonReport]
    /// The `session_started` property results are broken down by (`--segment-by`), if any.
    public var segmentBy: String?
    /// One analysis per value of ``segmentBy``, ordered by value; beyond ``SegmentReport/maximumListed`` values, the
    /// values with the most users, then ``SegmentReport/otherValue`` holding the users of the others.
    public var segments: [SegmentReport]
    /// How many values of ``segmentBy`` are counted together in the segment ``SegmentReport/otherValue``; absent when
    /// every value is listed.
    public var otherSegmentValues: Int?
    /// Per treatment, whether its effect differs between segments.
    public var segmentInteractions: [SegmentInteractionReport]
    /// Per treatment, where in the funnel its conversion differs from control's.
    public var stepDecompositions: [StepDecompositionReport] = []
    /// Per treatment, how long each funnel step takes compared with control.
    public var stepTimes: [StepTimesReport] = []
    /// Per treatment, the observed paths and screens left on whose share of users differs from control's; empty when
    /// paths are not counted.
    public var pathShares: [PathSharesReport] = []

    /// Creates an experiment report.
    public init(
        key: String, control: String, conversionWindowSeconds: Int, goal: String, stepsDiscovered: Bool,
        excludedMultiVariantUsers: Int, arms: [ArmReport], analysis: AnalysisReport, notes: [String] = [],
        metrics: [MetricComparisonReport] = [], segmentBy: String? = nil, segments: [SegmentReport] = [],
        segmentInteractions: [SegmentInteractionReport] = []
    ) {
        self.key = key
        self.control = control
        self.conversionWindowSeconds = conversionWindowSeconds
        self.goal = goal
        self.stepsDiscovered = stepsDiscovered
        self.excludedMultiVariantUsers = excludedMultiVariantUsers
        self.arms = arms
        self.analysis = analysis
        self.notes = notes
        self.metrics = metrics
        self.segmentBy = segmentBy
        self.segments = segments
        self.segmentInteractions = segmentInteractions
    }

    enum CodingKeys: String, CodingKey {
        case key
        case control
        case conversionWindowSeconds = "conversion_window_seconds"
        case goal
        case stepsDiscovered = "steps_discovered"
        case excludedMultiVariantUsers = "excluded_multi_variant_users"
        case arms
        case analysis
        case notes
        case metrics
        case segmentBy = "segment_by"
        case segments
        case otherSegmentValues = "other_segment_values"
        case segmentInteractions = "segment_interactions"
        case stepDecompositions = "step_decompositions"
        case stepTimes = "step_times"
        case pathShares = "path_shares"
    }
}
