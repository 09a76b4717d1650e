/// What a report needs to know of one experiment to analyse it: its arms and their traffic weights, the funnel,
/// the testing method and the metrics, as the experiment config gives them.
public struct ExperimentAnalysisPlan: Sendable, Hashable {
    /// The experiment's variations in configuration order; the first is the default control.
    public var variations: [String]
    /// Traffic weights aligned with `variations`, for the sample-ratio check; nil means equal weights.
    public var weights: [Double]?
    /// The funnel to measure; nil means ``FunnelDefinition/screensInOrderSeen``.
    public var funnel: FunnelDefinition?
    /// The testing method the configuration asks for; nil means the report's (fixed horizon unless `--sequential`).
    public var testingMethod: TestingMethod?
    /// Metrics that must not get worse: the verdict names any that got significantly worse.
    public var guardrails: [GuardrailMetric]
    /// Further metrics reported beside the goal, with their own tests.
    public var secondaryMetrics: [GuardrailMetric]
    /// How the p-values of the guardrail and secondary metrics are adjusted across metrics and variants.
    public var correction: MultipleComparisonCorrection
    /// The minimum detectable effect the experiment was planned for (absolute conversion-rate difference).
    public var plannedEffect: Double?

    /// Creates a plan; every part left out takes the report's default.
    public init(
        variations: [String] = [], weights: [Double]? = nil, funnel: FunnelDefinition? = nil,
        testingMethod: TestingMethod? = nil, guardrails: [GuardrailMetric] = [], secondaryMetrics: [GuardrailMetric] = [],
        correction: MultipleComparisonCorrection = .holm, plannedEffect: Double? = nil
    ) {
        self.variations = variations
        self.weights = weights
        self.funnel = funnel
        self.testingMethod = testingMethod
        self.guardrails = guardrails
        self.secondaryMetrics = secondaryMetrics
        self.correction = correction
        self.plannedEffect = plannedEffect
    }
}
