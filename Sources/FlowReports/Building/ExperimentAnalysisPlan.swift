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
    /// Ids of the metrics the experiment is decided by beside the funnel's goal: the verdict says how each
    /// treatment moved them. An id is one of ``metricDefinitions`` or a built-in ``GuardrailMetric``.
    public var goalMetrics: [String]
    /// Ids of the metrics that must not get worse: the verdict names any that got significantly worse. An id is
    /// one of ``metricDefinitions`` or a built-in ``GuardrailMetric``.
    public var guardrails: [String]
    /// Ids of further metrics reported beside the goal, with their own tests.
    public var secondaryMetrics: [String]
    /// The metrics the configuration defines, by id: those the experiment names, and those their ratios and
    /// quantiles refer to.
    public var metricDefinitions: [String: MetricDefinition]
    /// How the p-values of the goal, guardrail and secondary metrics are adjusted across metrics and variants.
    public var correction: MultipleComparisonCorrection
    /// The minimum detectable effect the experiment was planned for (absolute conversion-rate difference).
    public var plannedEffect: Double?
    /// Which statistics judge the defined metrics (`analysis.engine`); frequentist by default.
    public var engine: AnalysisEngine = .frequentist
    /// The prior of the Bayesian engine (`analysis.prior`); the improper (flat) prior by default.
    public var prior: BayesianPrior = .improper
    /// CUPED's lookback (`analysis.cuped`); nil when the metrics are not adjusted for what users did before exposure.
    public var regressionAdjustment: RegressionAdjustmentSettings?

    /// Creates a plan; every part left out takes the report's default.
    public init(
        variations: [String] = [], weights: [Double]? = nil, funnel: FunnelDefinition? = nil,
        testingMethod: TestingMethod? = nil, goalMetrics: [String] = [], guardrails: [String] = [], secondaryMetrics: [String] = [],
        metricDefinitions: [String: MetricDefinition] = [:], correction: MultipleComparisonCorrection = .holm, plannedEffect: Double? = nil
    ) {
        self.variations = variations
        self.weights = weights
        self.funnel = funnel
        self.testingMethod = testingMethod
        self.goalMetrics = goalMetrics
        self.guardrails = guardrails
        self.secondaryMetrics = secondaryMetrics
        self.metricDefinitions = metricDefinitions
        self.correction = correction
        self.plannedEffect = plannedEffect
    }

    /// The definition of metric `id`: the configuration's, else the built-in metric of that name measured over
    /// `funnel`; nil for neither.
    public func definition(of id: String, funnel: FunnelDefinition) -> MetricDefinition? {
        metricDefinitions[id] ?? GuardrailMetric(rawValue: id)?.definition(goal: funnel.goal)
    }
}
