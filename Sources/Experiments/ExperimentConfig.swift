/// The experiment configuration: slots with defaults, deterministic rules, and experiments.
///
/// Each slot is resolved independently, in this order:
/// 1. a variant forced by the caller (e.g. the CLI's `--variant`);
/// 2. the first rule for the slot whose condition matches, in file order;
/// 3. the first active experiment for the slot, in file order, that includes the user;
/// 4. the slot's default variant.
public struct ExperimentConfig: Sendable, Equatable {
    /// The hosted app the configuration is for, such as `"onboarding"`; nil when it does not say.
    public var app: String?
    /// The declared slots, in file order.
    public var slots: [SlotDefinition]
    /// Non-random assignments, in file order.
    public var rules: [AssignmentRule]
    /// The experiments, in file order.
    public var experiments: [ExperimentDefinition]

    /// Creates a configuration.
    public init(app: String? = nil, slots: [SlotDefinition], rules: [AssignmentRule] = [], experiments: [ExperimentDefinition] = []) {
        self.app = app
        self.slots = slots
        self.rules = rules
        self.experiments = experiments
    }

    /// The slot declared as `id`, if any.
    public func slot(_ id: SlotID) -> SlotDefinition? {
        slots.first { $0.id == id }
    }

    /// The experiment named `key`, if any.
    public func experiment(_ key: String) -> ExperimentDefinition? {
        experiments.first { $0.key == key }
    }
}
