/// Choices for a `compare` of two logs, each log one arm.
public struct CompareOptions: Sendable {
    /// The slot or experiment whose `assignment` / `exposure` events name each file's arm; also the report's
    /// experiment key. When nil every such event votes and the key is `compare`.
    public var experiment: String?
    /// The arm used as control, by arm name or file label; the first file when nil.
    public var control: String?
    /// Significance level and power of the statistics.
    public var settings: ComparisonSettings
    /// The funnel to measure; nil means ``FunnelDefinition/screensInOrderSeen``.
    public var funnel: FunnelDefinition?
    /// Expected traffic weights of the first and second file, for the sample-ratio check; nil means equal.
    public var weights: [Double]?

    /// Creates options.
    public init(
        experiment: String? = nil,
        control: String? = nil,
        settings: ComparisonSettings = ComparisonSettings(),
        funnel: FunnelDefinition? = nil,
        weights: [Double]? = nil
    ) {
        self.experiment = experiment
        self.control = control
        self.settings = settings
        self.funnel = funnel
        self.weights = weights
    }

    /// The report's experiment key when none is given.
    public static let defaultExperimentKey = "compare"
}
