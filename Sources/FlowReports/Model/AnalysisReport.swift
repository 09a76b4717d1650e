/// The statistics of one experiment as a report carries them.
public struct AnalysisReport: Sendable, Hashable, Codable {
    /// The control arm's variant.
    public var control: String
    /// The one-line verdict.
    public var verdict: String
    /// One comparison per treatment arm, in arm order.
    public var comparisons: [ComparisonReport]
    /// The sample-ratio-mismatch check of users per arm, if it was run.
    public var sampleRatio: SampleRatioReport?
    /// How intervals and p-values were computed: `fixed-horizon`, or `sequential` (always valid).
    public var method: String
    /// For `sequential`, the total users around which the confidence sequence is tightest.
    public var sequentialTuningUsers: Double?

    /// Creates an analysis report.
    public init(
        control: String, verdict: String, comparisons: [ComparisonReport], sampleRatio: SampleRatioReport?,
        method: TestingMethod = .fixedHorizon
    ) {
        self.control = control
        self.verdict = verdict
        self.comparisons = comparisons
        self.sampleRatio = sampleRatio
        self.method = method.name
        sequentialTuningUsers = method.tuningUsers
    }

    /// Carries over an ``ExperimentAnalysis``; `variants` names its arms, control first, for the sample-ratio check.
    public init(_ analysis: ExperimentAnalysis, variants: [String]) {
        self.init(
            control: analysis.control,
            verdict: analysis.verdict,
            comparisons: analysis.comparisons.map(ComparisonReport.init),
            sampleRatio: analysis.sampleRatio.map { SampleRatioReport($0, variants: variants) },
            method: analysis.method
        )
    }

    enum CodingKeys: String, CodingKey {
        case control
        case verdict
        case comparisons
        case sampleRatio = "sample_ratio"
        case method
        case sequentialTuningUsers = "sequential_tuning_users"
    }
}
