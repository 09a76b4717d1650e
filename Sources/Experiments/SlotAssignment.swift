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

    /// Creates a slot assignment.
    public init(slot: SlotID, variant: VariantID, reason: AssignmentReason) {
        self.slot = slot
        self.variant = variant
        self.reason = reason
    }

    private enum CodingKeys: String, CodingKey {
        case slot, variant, reason
    }
}
