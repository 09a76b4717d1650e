/// A percentage rollout on a rule, as GrowthBook's force rules have: the user's hash must fall in `range`, or below
/// `coverage`.
public struct Rollout: Sendable, Hashable {
    /// The attribute hashed; GrowthBook's default is `id`.
    public var hashAttribute: String
    /// The attribute hashed when `hashAttribute` has no usable value.
    public var fallbackAttribute: String?
    /// The hash seed; GrowthBook uses the feature key when the rule names none.
    public var seed: String
    /// The hash version; GrowthBook's default for rules is 1.
    public var hashVersion: Int
    /// The fraction of users included, when no `range` is given.
    public var coverage: Double?
    /// The hash range users must fall in; overrides `coverage`.
    public var range: BucketRange?

    /// Creates a rollout.
    public init(
        hashAttribute: String = "id", fallbackAttribute: String? = nil, seed: String, hashVersion: Int = 1,
        coverage: Double? = nil, range: BucketRange? = nil
    ) {
        self.hashAttribute = hashAttribute
        self.fallbackAttribute = fallbackAttribute
        self.seed = seed
        self.hashVersion = hashVersion
        self.coverage = coverage
        self.range = range
    }

    /// Whether `attributes` are in the rollout, as GrowthBook's `isIncludedInRollout`: a user without a usable hash
    /// value (or with an unknown hash version) never is; the bucket must be in `range`, or below `coverage`.
    public func includes(_ attributes: Attributes) -> Bool {
        if coverage == nil && range == nil { return true }
        if coverage == 0 && range == nil { return false }
        let value = HashAttributeValue.string(for: attributes[hashAttribute])
            ?? fallbackAttribute.flatMap { HashAttributeValue.string(for: attributes[$0]) }
        guard let value, let bucket = GrowthBookHash.hash(seed: seed, value: value, version: hashVersion) else { return false }
        if let range { return range.contains(bucket) }
        return coverage.map { bucket < $0 } ?? true
    }
}
