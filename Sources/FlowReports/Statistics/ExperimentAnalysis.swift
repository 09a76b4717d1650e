/// Everything the statistics say about one experiment.
public struct ExperimentAnalysis: Sendable, Hashable, Codable {
    /// Name of the control arm.
    public var control: String
    /// One comparison per treatment, in the order the treatments were given.
    public var comparisons: [TreatmentComparison]
    /// Sample-ratio-mismatch test of users per arm (control first); nil when no weights were configured.
    public var sampleRatio: SampleRatioCheck?
    /// How many users saw more than one variant, against the share an assignment may leave; nil when not checked.
    public var multipleExposures: MultipleExposureCheck?
    /// Significance level used (after clamping into (0, 1)).
    public var alpha: Double
    /// One plain-language line: what to do, with the numbers behind it.
    public var verdict: String
    /// How the intervals and p-values were computed.
    public var method: TestingMethod

    /// Creates an analysis from its parts.
    public init(
        control: String, comparisons: [TreatmentComparison], sampleRatio: SampleRatioCheck?, alpha: Double,
        verdict: String, method: TestingMethod = .fixedHorizon, multipleExposures: MultipleExposureCheck? = nil
    ) {
        self.control = control
        self.comparisons = comparisons
        self.sampleRatio = sampleRatio
        self.multipleExposures = multipleExposures
        self.alpha = alpha
        self.verdict = verdict
        self.method = method
    }

    /// Decodes an analysis, giving its comparisons the significance basis of its method (their JSON leaves it out).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            control: try container.decode(String.self, forKey: .control),
            comparisons: try container.decode([TreatmentComparison].self, forKey: .comparisons),
            sampleRatio: try container.decodeIfPresent(SampleRatioCheck.self, forKey: .sampleRatio),
            alpha: try container.decode(Double.self, forKey: .alpha),
            verdict: try container.decode(String.self, forKey: .verdict),
            method: try container.decode(TestingMethod.self, forKey: .method),
            multipleExposures: try container.decodeIfPresent(MultipleExposureCheck.self, forKey: .multipleExposures)
        )
        let basis = TreatmentComparison.significanceBasis(of: method)
        for index in comparisons.indices { comparisons[index].significanceBasis = basis }
    }

    enum CodingKeys: String, CodingKey {
        case control
        case comparisons
        case sampleRatio
        case multipleExposures
        case alpha
        case verdict
        case method
    }
}
