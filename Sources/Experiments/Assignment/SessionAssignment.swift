/// Every slot's variant for one session, plus how each experiment treated the user.
///
/// JSON shape (what `assign --json` prints):
/// ```json
/// {"slots": [{"slot": "app-shell", "variant": "phone", "reason": {"kind": "default"}}, …],
///  "experiments": [{"key": "onboarding-order", "slot": "auth-flow", "inExperiment": true, …}]}
/// ```
public struct SessionAssignment: Sendable, Hashable, Codable {
    /// One entry per declared slot, in configuration order.
    public var slots: [SlotAssignment]
    /// One entry per experiment, in configuration order.
    public var experiments: [ExperimentEvaluation]

    /// Creates a session assignment.
    public init(slots: [SlotAssignment], experiments: [ExperimentEvaluation]) {
        self.slots = slots
        self.experiments = experiments
    }

    private enum CodingKeys: String, CodingKey {
        case slots, experiments
    }

    /// The assignment of `slot`, if it is declared.
    public subscript(slot: SlotID) -> SlotAssignment? {
        slots.first { $0.slot == slot }
    }

    /// The variant running in `slot`, if it is declared.
    public func variant(for slot: SlotID) -> VariantID? {
        self[slot]?.variant
    }

    /// The evaluation of the experiment `key`, if it exists.
    public func experiment(_ key: String) -> ExperimentEvaluation? {
        experiments.first { $0.key == key }
    }

    /// The experiments the user is really exposed to (hashed into a variation that decided its slot).
    public var exposures: [ExperimentEvaluation] {
        experiments.filter(\.isExposure)
    }
}
