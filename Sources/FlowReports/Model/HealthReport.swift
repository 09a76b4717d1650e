/// Whether an experiment's result can be trusted at all, before any comparison is read: the checks of the
/// assignment (the sample ratio, users exposed to more than one variant) and what failed.
public struct HealthReport: Sendable, Hashable, Codable {
    /// Whether every check that was run passed.
    public var isHealthy: Bool
    /// What each failed check found and how to fix it, in the order the checks are listed; empty when healthy.
    public var problems: [String]

    /// Creates a health report from its parts.
    public init(isHealthy: Bool, problems: [String]) {
        self.isHealthy = isHealthy
        self.problems = problems
    }

    enum CodingKeys: String, CodingKey {
        case isHealthy = "is_healthy"
        case problems
    }
}
