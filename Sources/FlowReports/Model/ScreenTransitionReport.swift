/// A move from one screen to the next in users' paths: how many users made it, and whether the variant's
/// explored flow map offers it.
public struct ScreenTransitionReport: Sendable, Hashable, Codable {
    /// The screen left; ``ScreenTransition/start`` for the first screen of a path.
    public var from: String
    /// The screen shown next.
    public var to: String
    /// Users whose path makes this move at least once.
    public var users: Int
    /// Whether the explored map of the arm's variant offers the move; nil when the report had no map.
    /// A move offered that no user made has 0 users; one users made that the map does not offer is false.
    public var offered: Bool?

    /// Creates a transition.
    public init(from: String, to: String, users: Int, offered: Bool? = nil) {
        self.from = from
        self.to = to
        self.users = users
        self.offered = offered
    }
}
