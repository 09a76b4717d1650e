/// One path users took: its screens, whether it reached the goal, and how many users took it.
public struct ObservedPathReport: Sendable, Hashable, Codable {
    /// The screens, first to last.
    public var screens: [String]
    /// Whether these users reached the goal.
    public var reachedGoal: Bool
    /// How many users took it.
    public var users: Int
    /// users / the arm's users.
    public var share: Double

    /// Creates a path.
    public init(screens: [String], reachedGoal: Bool, users: Int, share: Double) {
        self.screens = screens
        self.reachedGoal = reachedGoal
        self.users = users
        self.share = share
    }

    enum CodingKeys: String, CodingKey {
        case screens
        case reachedGoal = "reached_goal"
        case users
        case share
    }
}
