/// A per-user metric measured beside the goal, where a higher value is worse.
public enum GuardrailMetric: String, Sendable, Hashable, Codable, CaseIterable {
    /// `back` events per user in the window.
    case backNavigations = "back_navigations"
    /// Failed model changes (`mutation` with outcome `failed`) per user in the window.
    case failedMutations = "failed_mutations"
    /// Seconds from exposure to the goal, over the users who reached it.
    case timeToComplete = "time_to_complete"

    /// How the metric reads in sentences, e.g. `back navigations per user`.
    public var label: String {
        switch self {
        case .backNavigations: "back navigations per user"
        case .failedMutations: "failed model changes per user"
        case .timeToComplete: "seconds to complete"
        }
    }
}
