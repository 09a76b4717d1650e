/// Users counted on one screen, with their share of the arm's users.
public struct ScreenUsersReport: Sendable, Hashable, Codable {
    /// The screen.
    public var screen: String
    /// How many users.
    public var users: Int
    /// users / the arm's users.
    public var share: Double

    /// Creates a count.
    public init(screen: String, users: Int, share: Double) {
        self.screen = screen
        self.users = users
        self.share = share
    }
}
