/// The screen paths an arm's users took in their windows (docs/Statistics.md, "Observed paths"): the most
/// common, with their counts and share, and the screens users who did not reach the goal left on.
///
/// Counts are exact. Paths are kept up to a cap on their length (``pathLengthCap``, 128 screens); users whose path
/// is longer are counted in ``usersBeyondCap`` instead of under a path or move. The cap bounds the memory each
/// user's path takes, and whether a path is kept depends on that path alone, so no line order changes the counts.
public struct ObservedPathsReport: Sendable, Hashable, Codable {
    /// How many distinct paths (with their ending) the arm's users took.
    public var distinctPaths: Int
    /// The most common paths, most users first, ties by ending then screens.
    public var top: [ObservedPathReport]
    /// Users on a path not in ``top`` (beyond-cap users excluded).
    public var otherUsers: Int
    /// Users whose path has more screens than the cap.
    public var usersBeyondCap: Int
    /// The cap: the most screens of a path kept.
    public var pathLengthCap: Int
    /// Users who did not reach the goal, by the last screen of their path, most users first; `(none)` for users
    /// shown no screen in their window.
    public var leftOn: [ScreenUsersReport]
    /// Every move between screens users made (beyond-cap users excluded), most users first, then every move the
    /// explored map offers that nobody made; the first ``maximumListed`` of them.
    public var transitions: [ScreenTransitionReport]
    /// Screens users left on beyond the first ``maximumListed`` of ``leftOn``; absent when none were left out.
    public var otherLeftOnScreens: Int?
    /// Moves beyond the first ``maximumListed`` of ``transitions``; absent when none were left out.
    public var otherTransitions: Int?
    /// The screens users were shown on the way to each configured step, in step order; absent when the funnel's steps
    /// are discovered from the screens themselves.
    public var stepApproaches: [StepApproachReport]?

    /// The most screens ``leftOn`` and the most moves ``transitions`` list: a log of endless distinct screen names
    /// would otherwise make reports as large as the log, and a page no one can read.
    public static let maximumListed = 1_000

    /// The most screens of a path a report keeps unless told otherwise: 128.
    public static var defaultPathLengthCap: Int { ObservedPathTrie.maximumLength }

    /// Creates the paths of an arm.
    public init(
        distinctPaths: Int, top: [ObservedPathReport], otherUsers: Int, usersBeyondCap: Int, leftOn: [ScreenUsersReport],
        transitions: [ScreenTransitionReport] = [], pathLengthCap: Int = ObservedPathsReport.defaultPathLengthCap
    ) {
        self.distinctPaths = distinctPaths
        self.top = top
        self.otherUsers = otherUsers
        self.usersBeyondCap = usersBeyondCap
        self.leftOn = leftOn
        self.transitions = transitions
        self.pathLengthCap = pathLengthCap
    }

    /// Decodes the paths of an arm; a report that states no cap on the length of paths (one written before the cap
    /// was stated, or when the cap was on distinct path prefixes) gets the default cap.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        distinctPaths = try container.decode(Int.self, forKey: .distinctPaths)
        top = try container.decode([ObservedPathReport].self, forKey: .top)
        otherUsers = try container.decode(Int.self, forKey: .otherUsers)
        usersBeyondCap = try container.decode(Int.self, forKey: .usersBeyondCap)
        pathLengthCap = try container.decodeIfPresent(Int.self, forKey: .pathLengthCap) ?? Self.defaultPathLengthCap
        leftOn = try container.decode([ScreenUsersReport].self, forKey: .leftOn)
        transitions = try container.decode([ScreenTransitionReport].self, forKey: .transitions)
        otherLeftOnScreens = try container.decodeIfPresent(Int.self, forKey: .otherLeftOnScreens)
        otherTransitions = try container.decodeIfPresent(Int.self, forKey: .otherTransitions)
        stepApproaches = try container.decodeIfPresent([StepApproachReport].self, forKey: .stepApproaches)
    }

    enum CodingKeys: String, CodingKey {
        case distinctPaths = "distinct_paths"
        case top
        case otherUsers = "other_users"
        case usersBeyondCap = "users_beyond_cap"
        case pathLengthCap = "path_length_cap"
        case leftOn = "left_on"
        case transitions
        case otherLeftOnScreens = "other_left_on_screens"
        case otherTransitions = "other_transitions"
        case stepApproaches = "step_approaches"
    }
}
