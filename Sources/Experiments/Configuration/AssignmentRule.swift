/// A non-random assignment: users matching `condition` get `variant` in `slot`, e.g. tablets get the tablet shell.
///
/// Rules read from a GrowthBook payload (its force rules) can also carry hash `filters` and a percentage `rollout`.
public struct AssignmentRule: Sendable, Equatable {
    /// The slot the rule decides.
    public var slot: SlotID
    /// Who the rule applies to (a GrowthBook condition).
    public var condition: Condition
    /// The variant matching users get.
    public var variant: VariantID
    /// Hash-range filters a user must all pass.
    public var filters: [HashFilter]
    /// The percentage of matching users the rule applies to, if not all.
    public var rollout: Rollout?

    /// Creates a rule.
    public init(slot: SlotID, condition: Condition, variant: VariantID, filters: [HashFilter] = [], rollout: Rollout? = nil) {
        self.slot = slot
        self.condition = condition
        self.variant = variant
        self.filters = filters
        self.rollout = rollout
    }

    /// Whether the rule decides the slot for `attributes`: the condition holds, every filter admits the user and
    /// the user is in the rollout.
    public func applies(to attributes: Attributes) -> Bool {
        guard condition.isSatisfied(by: attributes) else { return false }
        if !filters.isEmpty, !filters.allSatisfy({ $0.admits(attributes) }) { return false }
        return rollout?.includes(attributes) ?? true
    }
}
