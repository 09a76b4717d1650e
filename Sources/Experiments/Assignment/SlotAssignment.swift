/// The variant one slot runs for a session, and why.
///
/// JSON shape: `{"slot": "auth-flow", "variant": "signup-after-profile", "reason": {"kind": "experiment", …}}`.
public struct SlotAssignment: Sendable, Hashable, Codable {
    /// The slot.
    public var slot: SlotID
    /// The variant that runs in it.
    public var variant: VariantID
    /// Why that variant was chosen.
    public var reason: AssignmentReason
    /// Whether a stored sticky bucket, rather than the hash, chose the experiment's variation.
    public var stickyBucketUsed: Bool

    /// Creates a slot assignment.
    public init(slot: SlotID, variant: VariantID, reason: AssignmentReason, stickyBucketUsed: Bool = false) {
        self.slot = slot
        self.variant = variant
        self.reason = reason
        self.stickyBucketUsed = stickyBucketUsed
    }

    private enum CodingKeys: String, CodingKey {
        case slot, variant, reason, stickyBucketUsed
    }

    /// Decodes the documented shape; `stickyBucketUsed` is optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        slot = try container.decode(SlotID.self, forKey: .slot)
        variant = try container.decode(VariantID.self, forKey: .variant)
        reason = try container.decode(AssignmentReason.self, forKey: .reason)
        stickyBucketUsed = try container.decodeIfPresent(Bool.self, forKey: .stickyBucketUsed) ?? false
    }

    /// Encodes the documented shape, with `"stickyBucketUsed": true` only when a sticky bucket decided.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(slot, forKey: .slot)
        try container.encode(variant, forKey: .variant)
        try container.encode(reason, forKey: .reason)
        if stickyBucketUsed { try container.encode(true, forKey: .stickyBucketUsed) }
    }
}
