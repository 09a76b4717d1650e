/// Choices for a `report`: which experiments, which control, the significance level and the configuration.
public struct ReportOptions: Sendable {
    /// Only this experiment is tracked and reported (`--experiment`); all experiments when nil.
    public var experiment: String?
    /// The control variant (`--control`) of every reported experiment; when nil each experiment's control is
    /// the first variation its configuration lists, or else the variant first exposed in the log. Building the
    /// report fails when a reported experiment has no such arm.
    public var control: String?
    /// Significance level and power of the statistics.
    public var settings: ComparisonSettings
    /// The engine every experiment's defined metrics are judged by (`--engine`), over each configuration's
    /// `engine`; nil keeps each configuration's.
    public var engine: AnalysisEngine?
    /// Configuration per experiment key; experiments without an entry use the defaults.
    public var experiments: [String: ExperimentAnalysisPlan]
    /// Where `experiments` came from: every experiment the report measures without a configuration is noted,
    /// with what was used instead, unless this is ``ConfigurationSource/unspecified``.
    public var configurationSource: ConfigurationSource
    /// The `session_started` property (a slot's variant, or a logged attribute) to break results down by.
    public var segmentBy: String?
    /// How many of each arm's most common screen paths to report (``ObservedPathsReport``); 0 counts no paths,
    /// and spares the work.
    public var topPaths: Int
    /// Per variant, the moves between screens its explored flow map offers (`switchyard map`): the report's
    /// transitions say which of them users made, and which moves users made that the map does not offer.
    /// Empty when no map was explored.
    public var offeredTransitions: [String: Set<ScreenTransition>]
    /// Per experiment key, then variant, the indices of the funnel's configured steps that the variant's explored flow
    /// map can skip: some path reaches a later step without taking the step (`FunnelStepSkips`). The report names them
    /// per arm (``ArmReport/skippableSteps``) and in a note. Empty when no map was explored.
    public var skippableSteps: [String: [String: [Int]]] = [:]
    /// The most screens of a path the report keeps (``ObservedPathsReport``); tests lower it.
    var pathLengthLimit = ObservedPathTrie.maximumLength

    /// Creates options.
    public init(
        experiment: String? = nil,
        control: String? = nil,
        settings: ComparisonSettings = ComparisonSettings(),
        experiments: [String: ExperimentAnalysisPlan] = [:],
        configurationSource: ConfigurationSource = .unspecified,
        segmentBy: String? = nil,
        topPaths: Int = 0,
        offeredTransitions: [String: Set<ScreenTransition>] = [:],
        engine: AnalysisEngine? = nil
    ) {
        self.engine = engine
        self.experiment = experiment
        self.control = control
        self.settings = settings
        self.experiments = experiments
        self.configurationSource = configurationSource
        self.segmentBy = segmentBy
        self.topPaths = max(0, topPaths)
        self.offeredTransitions = offeredTransitions
    }

    /// The funnel measured for `experiment`.
    func funnel(for experiment: String) -> FunnelDefinition {
        experiments[experiment]?.funnel ?? .screensInOrderSeen
    }
}
