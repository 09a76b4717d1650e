/// One thing tried, in order, when a slot is assigned: a rule or an experiment of the configuration.
public enum AssignmentStep: Sendable, Hashable {
    /// The rule at this index of ``ExperimentConfig/rules``.
    case rule(Int)
    /// The experiment at this index of ``ExperimentConfig/experiments``.
    case experiment(Int)
}
