/// The screen paths an arm's users took in their windows (docs/Statistics.md, "Observed paths"): the most
/// common, with their counts and share, and the screens users who did not reach the goal left on.
///
/// Counts are exact. Paths are kept up to a cap on distinct path prefixes per experiment (``pathPrefixCap``,
/// 262,144); users whose path goes beyond it are counted in ``usersBeyondCap`` instead of under a path or move.
public struct ObservedPathsReport: Sendable, Hashable, Codable {
    /// How many distinct paths (with their ending) the arm's users took.
    public var distinctPaths: Int
    /// The most common paths, most users first, ties by ending then screens.
    public var top: [ObservedPathReport]
    /// Users on a path not in ``top`` (beyond-cap users excluded).
    public var otherUsers: Int
    /// Users whose path went beyond the cap.
    public var usersBeyondCap: Int
    /// The cap: the most distinct path prefixes kept per experiment.
    public var pathPrefixCap: Int
    /// Users who did not reach the goal, by the last screen of their path, most users first; `(none)` for users
    /// shown no screen in their window.
    public var leftOn: [ScreenUsersReport]
    /// Every move between screens users made (beyond-cap users excluded), most users first, then every move the
    /// explored map offers that nobody made.
    public var transitions: [ScreenTransitionReport]

    /// The cap on distinct path prefixes a report keeps per experiment unless told otherwise: 262,144.
    public static var defaultPathPrefixCap: Int { ObservedPathTrie.maximumNodes }

    /// Creates the paths of an arm.
    public init(
        distinctPaths: Int, top: [ObservedPathReport], otherUsers: Int, usersBeyondCap: Int, leftOn: [ScreenUsersReport],
        transitions: [ScreenTransitionReport] = [], pathPrefixCap: Int = ObservedPathsReport.defaultPathPrefixCap
    ) {
        self.distinctPaths = distinctPaths
        self.top = top
        self.otherUsers = otherUsers
        self.usersBeyondCap = usersBeyondCap
        self.leftOn = leftOn
        self.transitions = transitions
        self.pathPrefixCap = pathPrefixCap
    }

    /// Decodes the paths of an arm; a report written before the cap was stated gets the default cap.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        distinctPaths = try container.decode(Int.self, forKey: .distinctPaths)
        top = try container.decode([ObservedPathReport].self, forKey: .top)
        otherUsers = try container.decode(Int.self, forKey: .otherUsers)
        usersBeyondCap = try container.decode(Int.self, forKey: .usersBeyondCap)
        pathPrefixCap = try container.decodeIfPresent(Int.self, forKey: .pathPrefixCap) ?? Self.defaultPathPrefixCap
        leftOn = try container.decode([ScreenUsersReport].self, forKey: .leftOn)
        transitions = try container.decode([ScreenTransitionReport].self, forKey: .transitions)
    }

    enum CodingKeys: String, CodingKey {
        case distinctPaths = "distinct_paths"
        case top
        case otherUsers = "other_users"
        case usersBeyondCap = "users_beyond_cap"
        case pathPrefixCap = "path_prefix_cap"
        case leftOn = "left_on"
        case transitions
    }
}
