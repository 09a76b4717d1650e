/// What the configuration says about one experiment, for the reports that analyse it.
public struct ExperimentConfiguration: Sendable, Hashable {
    /// The experiment's variations in configuration order; the first is the default control.
    public var variations: [String]
    /// Traffic weights aligned with `variations`, for the sample-ratio check; nil means equal weights.
    public var weights: [Double]?
    /// The funnel to measure; nil means ``FunnelDefinition/screensInOrderSeen``.
    public var funnel: FunnelDefinition?
    /// The testing method the configuration asks for; nil means the report's (fixed horizon unless `--sequential`).
    public var testingMethod: TestingMethod?

    /// Creates a configuration.
    public init(
        variations: [String] = [], weights: [Double]? = nil, funnel: FunnelDefinition? = nil,
        testingMethod: TestingMethod? = nil
    ) {
        self.variations = variations
        self.weights = weights
        self.funnel = funnel
        self.testingMethod = testingMethod
    }
}
