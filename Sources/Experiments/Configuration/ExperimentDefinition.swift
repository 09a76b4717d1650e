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
    /// The attribute hashed when `hashAttribute` has no usable value; only used with a sticky bucket store, as in
    /// GrowthBook.
    public var fallbackAttribute: String?
    /// The sticky bucket version: bumping it re-buckets everyone (assignments of older versions are ignored).
    public var bucketVersion: Int
    /// Users holding a sticky assignment from a bucket version below this are excluded from the experiment.
    public var minBucketVersion: Int
    /// Whether this experiment ignores the sticky bucket store.
    public var disableStickyBucketing: Bool
    /// The key stored in sticky bucket documents for each variation (GrowthBook's `meta[i].key`); `nil` means the
    /// variation index as a string.
    public var variationKeys: [String]?

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
        fallbackAttribute: String? = nil,
        bucketVersion: Int = 0,
        minBucketVersion: Int = 0,
        disableStickyBucketing: Bool = false,
        variationKeys: [String]? = nil
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
        self.fallbackAttribute = fallbackAttribute
        self.bucketVersion = bucketVersion
        self.minBucketVersion = minBucketVersion
        self.disableStickyBucketing = disableStickyBucketing
        self.variationKeys = variationKeys
    }

    /// The sticky bucket key of variation `index`: its `variationKeys` entry, or the index as a string.
    public func variationKey(at index: Int) -> String {
        if let variationKeys, variationKeys.indices.contains(index) { return variationKeys[index] }
        return String(index)
    }

    /// The variation whose sticky bucket key is `key`, if any.
    public func variationIndex(forKey key: String) -> Int? {
        variations.indices.first { variationKey(at: $0).utf8.elementsEqual(key.utf8) }
    }

    /// The bucket ranges bucketing uses: explicit `ranges`, or GrowthBook's ranges from weights and coverage.
    public var bucketRanges: [BucketRange] {
        ranges ?? Bucketing.ranges(variationCount: variations.count, coverage: coverage, weights: weights)
    }
}
