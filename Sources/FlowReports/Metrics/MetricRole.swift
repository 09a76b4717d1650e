/// What an experiment asks of a metric: to decide by it, to guard against it getting worse, or to watch it.
///
/// An experiment names its metrics in its funnel's `goals`, `guardrails` and `metrics` lists; a metric named in
/// several takes the first of those roles.
public enum MetricRole: String, Sendable, Hashable, Codable, CaseIterable {
    /// A metric the experiment is decided by, beside the funnel's goal: the verdict says how each treatment moved it.
    case goal
    /// A metric that must not get worse: the verdict names any that got significantly worse.
    case guardrail
    /// A metric reported with its test, which the verdict leaves out.
    case secondary
}
