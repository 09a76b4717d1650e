/// One variant's users by observed path and by screen left on, complete, with the paths and screens its report keeps:
/// what comparing path shares between variants needs (a path kept by one variant is counted in the others too).
struct PathShareCounts: Sendable {
    /// The variant's users, every one counted once.
    var users: Int
    /// Users per path (with whether it reached the goal); users beyond the path cap are in none.
    var paths: [ExperimentExposures.PathKey: Int]
    /// The paths the report keeps (its most common), with their screens.
    var keptPaths: [(key: ExperimentExposures.PathKey, screens: [String])]
    /// Users who did not reach the goal, per screen left on.
    var leftOn: [String: Int]
    /// The screens left on the report keeps: as many as it keeps paths, most users first.
    var keptLeftOn: [String]
}
