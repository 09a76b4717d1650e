/// Back navigations and failed mutations on one screen of an arm.
public struct ScreenReport: Sendable, Hashable, Codable {
    /// The screen (`(none)` for events that name no screen).
    public var screen: String
    /// `back` events leaving the screen.
    public var backNavigations: Int
    /// `mutation` events with outcome `failed` on the screen.
    public var failedMutations: Int
    /// The failed mutations by `reason`, ordered by reason.
    public var failuresByReason: [ReasonCount]

    /// Creates a screen report.
    public init(screen: String, backNavigations: Int, failedMutations: Int, failuresByReason: [ReasonCount]) {
        self.screen = screen
        self.backNavigations = backNavigations
        self.failedMutations = failedMutations
        self.failuresByReason = failuresByReason
    }

    enum CodingKeys: String, CodingKey {
        case screen
        case backNavigations = "back_navigations"
        case failedMutations = "failed_mutations"
        case failuresByReason = "failures_by_reason"
    }
}
