/// The outcome of one experiment for one user, as the `assign` command reports it.
///
/// JSON shape (keys are stable; absent values are omitted):
/// ```json
/// {"key": "onboarding-order", "slot": "auth-flow", "inExperiment": true, "forcedByConfig": false,
///  "variationIndex": 1, "variant": "signup-after-profile", "hashAttribute": "id", "hashValue": "u-42",
///  "bucket": 0.4242}
/// ```
/// `"stickyBucketUsed": true` is added when a stored sticky bucket decided.
/// or, for an excluded user, `"inExperiment": false, "exclusionReason": "not_in_coverage"` with `bucket` present
/// whenever the user was hashed.
public struct ExperimentEvaluation: Sendable, Hashable {
    /// The experiment key.
    public var key: String
    /// The slot the experiment controls.
    public var slot: SlotID
    /// Why the user is not in the experiment; `nil` when they are.
    public var exclusionReason: ExclusionReason?
    /// Whether the variation came from the experiment's `force` rather than from the hash.
    public var forcedByConfig: Bool
    /// The variation index the user is in; `nil` when excluded.
    public var variationIndex: Int?
    /// The variant of that variation; `nil` when excluded.
    public var variant: VariantID?
    /// The attribute that was (or would have been) hashed.
    public var hashAttribute: String
    /// The hashed attribute value; `nil` when the user has none.
    public var hashAttributeValue: String?
    /// The user's hash in `[0, 1)`; `nil` when the user was not hashed.
    public var bucket: Double?
    /// Whether a stored sticky bucket decided the variation (or, with `sticky_bucket_version_blocked`, excluded
    /// the user).
    public var stickyBucketUsed: Bool

    /// Creates an evaluation record.
    public init(
        key: String, slot: SlotID, exclusionReason: ExclusionReason?, forcedByConfig: Bool = false,
        variationIndex: Int? = nil, variant: VariantID? = nil, hashAttribute: String, hashAttributeValue: String? = nil,
        bucket: Double? = nil, stickyBucketUsed: Bool = false
    ) {
        self.key = key
        self.slot = slot
        self.exclusionReason = exclusionReason
        self.forcedByConfig = forcedByConfig
        self.variationIndex = variationIndex
        self.variant = variant
        self.hashAttribute = hashAttribute
        self.hashAttributeValue = hashAttributeValue
        self.bucket = bucket
        self.stickyBucketUsed = stickyBucketUsed
    }

    /// Whether the user is in the experiment (hashed into a variation, or forced by the experiment's `force`).
    public var inExperiment: Bool {
        exclusionReason == nil
    }

    /// Whether this is a real exposure to log: in the experiment through hashing, not through `force`.
    public var isExposure: Bool {
        exclusionReason == nil && !forcedByConfig
    }
}

extension ExperimentEvaluation: Codable {
    private enum CodingKeys: String, CodingKey {
        case key, slot, inExperiment, exclusionReason, forcedByConfig, variationIndex, variant, hashAttribute, bucket
        case stickyBucketUsed
        case hashAttributeValue = "hashValue"
    }

    /// Decodes the documented JSON shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        slot = try container.decode(SlotID.self, forKey: .slot)
        exclusionReason = try container.decodeIfPresent(ExclusionReason.self, forKey: .exclusionReason)
        forcedByConfig = try container.decodeIfPresent(Bool.self, forKey: .forcedByConfig) ?? false
        variationIndex = try container.decodeIfPresent(Int.self, forKey: .variationIndex)
        variant = try container.decodeIfPresent(VariantID.self, forKey: .variant)
        hashAttribute = try container.decode(String.self, forKey: .hashAttribute)
        hashAttributeValue = try container.decodeIfPresent(String.self, forKey: .hashAttributeValue)
        bucket = try container.decodeIfPresent(Double.self, forKey: .bucket)
        stickyBucketUsed = try container.decodeIfPresent(Bool.self, forKey: .stickyBucketUsed) ?? false
    }

    /// Encodes the documented JSON shape, including the derived `inExperiment`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(slot, forKey: .slot)
        try container.encode(inExperiment, forKey: .inExperiment)
        try container.encodeIfPresent(exclusionReason, forKey: .exclusionReason)
        try container.encode(forcedByConfig, forKey: .forcedByConfig)
        try container.encodeIfPresent(variationIndex, forKey: .variationIndex)
        try container.encodeIfPresent(variant, forKey: .variant)
        try container.encode(hashAttribute, forKey: .hashAttribute)
        try container.encodeIfPresent(hashAttributeValue, forKey: .hashAttributeValue)
        try container.encodeIfPresent(bucket, forKey: .bucket)
        if stickyBucketUsed { try container.encode(true, forKey: .stickyBucketUsed) }
    }
}
