/// The statistics of one experiment as a report carries them.
///
/// The comparisons and the sample-ratio check are the statistics' own types (``TreatmentComparison``,
/// ``SampleRatioCheck``); this type adds only how the report names the testing method.
public struct AnalysisReport: Sendable, Hashable, Codable {
    /// The control arm's variant.
    public var control: String
    /// The one-line verdict.
    public var verdict: String
    /// One comparison per treatment arm, in arm order.
    public var comparisons: [TreatmentComparison]
    /// The sample-ratio-mismatch check of users per arm, if it was run.
    public var sampleRatio: SampleRatioCheck?
    /// The share of users exposed to more than one variant, if it was checked.
    public var multipleExposures: MultipleExposureCheck?
    /// The checks above taken together: whether the result can be trusted, and what failed.
    public var health: HealthReport
    /// How intervals and p-values were computed: `fixed-horizon`, or `sequential` (always valid).
    public var method: String
    /// For `sequential`, the total users around which the confidence sequence is tightest.
    public var sequentialTuningUsers: Double?

    /// Creates an analysis report.
    public init(
        control: String, verdict: String, comparisons: [TreatmentComparison], sampleRatio: SampleRatioCheck?,
        method: TestingMethod = .fixedHorizon, multipleExposures: MultipleExposureCheck? = nil, alpha: Double = 0.05
    ) {
        self.control = control
        self.verdict = verdict
        self.comparisons = comparisons
        self.sampleRatio = sampleRatio
        self.multipleExposures = multipleExposures
        let problems = ExperimentVerdict.healthProblems(sampleRatio: sampleRatio, multipleExposures: multipleExposures, alpha: alpha)
        health = HealthReport(isHealthy: problems.isEmpty, problems: problems)
        self.method = method.name
        sequentialTuningUsers = method.tuningUsers
    }

    /// Carries over an ``ExperimentAnalysis``; `variants` names its arms, control first, for the sample-ratio check.
    public init(_ analysis: ExperimentAnalysis, variants: [String]) {
        var sampleRatio = analysis.sampleRatio
        sampleRatio?.variants = variants
        self.init(
            control: analysis.control,
            verdict: analysis.verdict,
            comparisons: analysis.comparisons,
            sampleRatio: sampleRatio,
            method: analysis.method,
            multipleExposures: analysis.multipleExposures,
            alpha: analysis.alpha
        )
    }

    /// Decodes a report's analysis, giving its comparisons the significance basis of its method.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        control = try container.decode(String.self, forKey: .control)
        verdict = try container.decode(String.self, forKey: .verdict)
        comparisons = try container.decode([TreatmentComparison].self, forKey: .comparisons)
        sampleRatio = try container.decodeIfPresent(SampleRatioCheck.self, forKey: .sampleRatio)
        multipleExposures = try container.decodeIfPresent(MultipleExposureCheck.self, forKey: .multipleExposures)
        health = try container.decodeIfPresent(HealthReport.self, forKey: .health) ?? HealthReport(isHealthy: true, problems: [])
        method = try container.decode(String.self, forKey: .method)
        sequentialTuningUsers = try container.decodeIfPresent(Double.self, forKey: .sequentialTuningUsers)
        let basis = TreatmentComparison.significanceBasis(
            of: sequentialTuningUsers.map(TestingMethod.sequential(tuningUsers:)) ?? .fixedHorizon
        )
        for index in comparisons.indices { comparisons[index].significanceBasis = basis }
    }

    enum CodingKeys: String, CodingKey {
        case control
        case verdict
        case comparisons
        case sampleRatio = "sample_ratio"
        case multipleExposures = "multiple_exposures"
        case health
        case method
        case sequentialTuningUsers = "sequential_tuning_users"
    }
}
