/// A path or a screen left on whose share of users is compared between treatment and control.
struct PathShareKey: Sendable, Hashable {
    /// Whether it is a path or a screen users left on.
    var kind: PathShareKind
    /// The path's screens, or the one screen left on.
    var screens: [String]
    /// Whether the path reached the goal; nil for a screen left on.
    var reachedGoal: Bool?
}
