/// Back navigations and failed mutations on one screen of an arm.
public struct ScreenReport: Sendable, Hashable, Codable {
    /// The most screens an arm lists by name: those with the most back navigations and failed mutations together,
    /// ties by name in UTF-8 order. The others are counted together as one more screen, ``otherScreen``, and
    /// ``ArmReport/otherScreens`` says how many that is, so a log of endless distinct screens makes a report of
    /// bounded size.
    public static let maximumListed = 100
    /// The screen the screens beyond ``maximumListed`` are counted together as.
    public static let otherScreen = "(other)"
    /// The most failure reasons a screen lists by name: the most frequent, ties by reason in UTF-8 order. The
    /// failures of the others are counted under ``otherReason``, and ``otherReasons`` says how many reasons that is,
    /// so a log of endless distinct reasons makes a report of bounded size.
    public static let maximumListedReasons = 100
    /// The reason the failures of the reasons beyond ``maximumListedReasons`` are counted under.
    public static let otherReason = "(other)"

    /// The screen (`(none)` for events that name no screen).
    public var screen: String
    /// `back` events leaving the screen.
    public var backNavigations: Int
    /// `mutation` events with outcome `failed` on the screen.
    public var failedMutations: Int
    /// The failed mutations by `reason`, ordered by reason; beyond ``maximumListedReasons`` reasons, the most
    /// frequent, then ``otherReason`` counting the failures of the others.
    public var failuresByReason: [ReasonCount]
    /// How many reasons are counted together under ``otherReason``; absent when every reason is listed.
    public var otherReasons: Int?

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
        case otherReasons = "other_reasons"
    }
}
