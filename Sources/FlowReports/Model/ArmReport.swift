/// One arm of an experiment: its users, goal conversions, funnel and per-screen trouble.
public struct ArmReport: Sendable, Hashable, Codable {
    /// The variant the arm is.
    public var variant: String
    /// In `compare` mode, the file the arm was read from; nil in `report` mode.
    public var source: String?
    /// Users in the arm.
    public var users: Int
    /// Users who reached the goal within the conversion window.
    public var goalConversions: Int
    /// goalConversions / users; 0 without users.
    public var goalConversionRate: Double
    /// The funnel steps in order.
    public var steps: [StepReport]
    /// With discovered steps, the screens of the arm left out as steps because the first
    /// ``FunnelDefinition/maximumDiscoveredSteps`` came before them; absent when none were.
    public var discoveredScreensBeyondCap: Int?
    /// Back navigations and failed mutations per screen, ordered by screen name; beyond
    /// ``ScreenReport/maximumListed`` screens, those with the most, then ``ScreenReport/otherScreen`` for the others.
    public var screens: [ScreenReport]
    /// How many screens are counted together in the last of ``screens``, ``ScreenReport/otherScreen``, beyond the
    /// ``ScreenReport/maximumListed`` with the most back navigations and failed mutations; absent when every screen
    /// is listed.
    public var otherScreens: Int?
    /// True for a variant the experiment's configuration does not list: its users are counted here but left out
    /// of the comparisons and the sample-ratio check. Absent otherwise.
    public var notInConfiguration: Bool?
    /// The screen paths the arm's users took, when the report counts them (`report --top-paths`); absent otherwise.
    public var paths: ObservedPathsReport?
    /// The funnel's steps the variant's explored flow map can skip, in flow order (``ReportOptions/skippableSteps``):
    /// some path reaches a later step without taking this one. Absent when none can, or no map was explored.
    public var skippableSteps: [String]?

    /// Creates an arm report.
    public init(
        variant: String, source: String? = nil, users: Int, goalConversions: Int, goalConversionRate: Double,
        steps: [StepReport], screens: [ScreenReport], notInConfiguration: Bool? = nil
    ) {
        self.variant = variant
        self.source = source
        self.users = users
        self.goalConversions = goalConversions
        self.goalConversionRate = goalConversionRate
        self.steps = steps
        self.screens = screens
        self.notInConfiguration = notInConfiguration
    }

    enum CodingKeys: String, CodingKey {
        case variant
        case source
        case users
        case goalConversions = "goal_conversions"
        case goalConversionRate = "goal_conversion_rate"
        case steps
        case discoveredScreensBeyondCap = "discovered_screens_beyond_cap"
        case screens
        case otherScreens = "other_screens"
        case notInConfiguration = "not_in_configuration"
        case paths
        case skippableSteps = "skippable_steps"
    }
}
