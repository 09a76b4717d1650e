/// One arm's users and, for each of a set of keys (an observed path with its ending, a screen users left on), how
/// many of them it holds: the input of ``ShareDifference/compare(treatment:control:alpha:correction:)``.
///
/// A key one arm does not list counts 0 users there, so the counts of a key an arm lists must be complete for both
/// arms (a path kept only among one arm's most common paths is not one to compare).
public struct ShareCounts: Sendable, Hashable {
    /// The arm's users, every user counted once whatever key they hold.
    public var users: Int
    /// Users per key.
    public var counts: [String: Int]

    /// Counts of one arm.
    public init(users: Int, counts: [String: Int]) {
        self.users = users
        self.counts = counts
    }
}
