/// Whether an experiment assigns users.
public enum ExperimentStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Users are bucketed and exposed.
    case active
    /// Nobody is in the experiment; its slot falls through to later experiments or the slot default.
    case paused
}
