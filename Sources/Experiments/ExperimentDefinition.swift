/// One A/B experiment: which slot it controls, its variations, and GrowthBook's bucketing parameters.
public struct ExperimentDefinition: Sendable, Equatable {
    /// The unique experiment key; also the default hash seed.
    public var key: String
    /// The slot whose variant the experiment chooses.
    public var slot: SlotID
    /// The variant for each variation index.
    public var variations: [VariantID]
    /// The traffic share of each variation; `nil` means equal weights.
    public var weights: [Double]?
    /// The fraction of eligible users included, in `[0, 1]`.
    public var coverage: Double
    /// Explicit bucket ranges per variation, overriding `weights` and `coverage` (GrowthBook's `ranges`).
    public var ranges: [BucketRange]?
    /// The attribute whose value is hashed; `id` by default, which the host fills from `--user`.
    public var hashAttribute: String
    /// The GrowthBook hash version, 1 or 2.
    public var hashVersion: Int
    /// The hash seed; defaults to `key` (also when given as an empty string, as in GrowthBook).
    public var seed: String
    /// The namespace slice the experiment occupies, if any. Ignored when `filters` is non-empty.
    public var namespace: Namespace?
    /// Hash-range filters; a user must pass all of them.
    public var filters: [HashFilter]
    /// Who is eligible; `nil` means everyone.
    public var condition: Condition?
    /// A variation index every included user gets instead of a random one (still subject to coverage).
    public var force: Int?
    /// Whether the experiment assigns users.
    public var status: ExperimentStatus
    /// What analysis measures for this experiment.
    public var funnel: Funnel?
    /// How analysis tests this experiment; nil leaves it to the report.
    public var analysis: AnalysisSettings?

    /// Creates an experiment with GrowthBook's defaults: equal weights, full coverage, hash attribute `id`, hash
    /// version 2 and the key as seed.
    public init(
        key: String,
        slot: SlotID,
        variations: [VariantID],
        weights: [Double]? = nil,
        coverage: Double = 1,
        ranges: [BucketRange]? = nil,
        hashAttribute: String = "id",
        hashVersion: Int = 2,
        seed: String? = nil,
        namespace: Namespace? = nil,
        filters: [HashFilter] = [],
        condition: Condition? = nil,
        force: Int? = nil,
        status: ExperimentStatus = .active,
        funnel: Funnel? = nil,
        analysis: AnalysisSettings? = nil
    ) {
        self.key = key
        self.slot = slot
        self.variations = variations
        self.weights = weights
        self.coverage = coverage
        self.ranges = ranges
        self.hashAttribute = hashAttribute
        self.hashVersion = hashVersion
        // GrowthBook uses `seed || key`, so an empty seed also falls back to the key.
        self.seed = seed.flatMap { $0.isEmpty ? nil : $0 } ?? key
        self.namespace = namespace
        self.filters = filters
        self.condition = condition
        self.force = force
        self.status = status
        self.funnel = funnel
        self.analysis = analysis
    }

    /// The bucket ranges bucketing uses: explicit `ranges`, or GrowthBook's ranges from weights and coverage.
    public var bucketRanges: [BucketRange] {
        ranges ?? Bucketing.ranges(variationCount: variations.count, coverage: coverage, weights: weights)
    }
}
