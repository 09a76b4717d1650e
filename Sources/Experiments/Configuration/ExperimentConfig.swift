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
    public var slots: [ConfigSlot]
    /// Non-random assignments, in file order.
    public var rules: [AssignmentRule]
    /// The experiments, in file order.
    public var experiments: [ExperimentDefinition]
    /// The order rules and experiments are tried in, per slot, when it is not every rule before every experiment:
    /// a GrowthBook payload interleaves them (a rollout after an experiment catches the users it excluded).
    /// Slots missing from it use rules first, then experiments, each in file order.
    public var steps: [SlotID: [AssignmentStep]]

    /// Creates a configuration.
    public init(
        app: String? = nil, slots: [ConfigSlot], rules: [AssignmentRule] = [], experiments: [ExperimentDefinition] = [],
        steps: [SlotID: [AssignmentStep]] = [:]
    ) {
        self.app = app
        self.slots = slots
        self.rules = rules
        self.experiments = experiments
        self.steps = steps
    }

    /// The slot declared as `id`, if any.
    public func slot(_ id: SlotID) -> ConfigSlot? {
        slots.first { $0.id == id }
    }

    /// The experiment named `key`, if any.
    public func experiment(_ key: String) -> ExperimentDefinition? {
        experiments.first { $0.key == key }
    }
}
