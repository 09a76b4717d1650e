/// The screen paths an arm's users took in their windows (docs/Statistics.md, "Observed paths"): the most
/// common, with their counts and share, and the screens users who did not reach the goal left on.
///
/// Counts are exact. Paths are kept up to a cap on distinct path prefixes per experiment (262,144); users whose
/// path goes beyond it are counted in ``usersBeyondCap`` instead of under a path.
public struct ObservedPathsReport: Sendable, Hashable, Codable {
    /// How many distinct paths (with their ending) the arm's users took.
    public var distinctPaths: Int
    /// The most common paths, most users first, ties by ending then screens.
    public var top: [ObservedPathReport]
    /// Users on a path not in ``top`` (beyond-cap users excluded).
    public var otherUsers: Int
    /// Users whose path went beyond the cap.
    public var usersBeyondCap: Int
    /// Users who did not reach the goal, by the last screen of their path, most users first; `(none)` for users
    /// shown no screen in their window.
    public var leftOn: [ScreenUsersReport]
    /// Every move between screens users made (beyond-cap users excluded), most users first, then every move the
    /// explored map offers that nobody made.
    public var transitions: [ScreenTransitionReport]

    /// Creates the paths of an arm.
    public init(
        distinctPaths: Int, top: [ObservedPathReport], otherUsers: Int, usersBeyondCap: Int, leftOn: [ScreenUsersReport],
        transitions: [ScreenTransitionReport] = []
    ) {
        self.distinctPaths = distinctPaths
        self.top = top
        self.otherUsers = otherUsers
        self.usersBeyondCap = usersBeyondCap
        self.leftOn = leftOn
        self.transitions = transitions
    }

    enum CodingKeys: String, CodingKey {
        case distinctPaths = "distinct_paths"
        case top
        case otherUsers = "other_users"
        case usersBeyondCap = "users_beyond_cap"
        case leftOn = "left_on"
        case transitions
    }
}
