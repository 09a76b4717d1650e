/// What a metric is for in an experiment's verdict.
public enum MetricRole: String, Sendable, Hashable, Codable {
    /// A metric that must not get worse: the verdict names any that did.
    case guardrail
    /// A metric reported beside the goal, with its own test.
    case secondary
}
