/// A non-random assignment: users matching `condition` get `variant` in `slot`, e.g. tablets get the tablet shell.
public struct AssignmentRule: Sendable, Equatable {
    /// The slot the rule decides.
    public var slot: SlotID
    /// Who the rule applies to (a GrowthBook condition).
    public var condition: Condition
    /// The variant matching users get.
    public var variant: VariantID

    /// Creates a rule.
    public init(slot: SlotID, condition: Condition, variant: VariantID) {
        self.slot = slot
        self.condition = condition
        self.variant = variant
    }
}
