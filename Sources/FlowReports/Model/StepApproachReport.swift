/// The screens an arm's users were shown on the way to one configured step: after reaching the step before (their
/// exposure, for the first step) and before reaching this one (docs/Statistics.md, "Steps that are not alike").
///
/// Only users who reached the step count: ``users`` of them, and each screen's ``ScreenUsersReport/share`` is of
/// those users. A screen shown in the millisecond the step before was reached counts here; one shown in the
/// millisecond of this step counts on the way to the next.
public struct StepApproachReport: Sendable, Hashable, Codable {
    /// The step's name.
    public var step: String
    /// The arm's users who reached the step.
    public var users: Int
    /// The screens, most users first, ties by name; the first ``ObservedPathsReport/maximumListed``.
    public var screens: [ScreenUsersReport]
    /// Screens beyond the first ``ObservedPathsReport/maximumListed``; absent when none were left out.
    public var otherScreens: Int?

    /// Creates the screens on the way to a step.
    public init(step: String, users: Int, screens: [ScreenUsersReport], otherScreens: Int? = nil) {
        self.step = step
        self.users = users
        self.screens = screens
        self.otherScreens = otherScreens
    }

    /// The share of the step's users shown `screen` on the way, as far as the report tells it: 0 for a screen not
    /// listed when none was left out; nil when it may be among those left out.
    public func share(of screen: String) -> Double? {
        if let listed = screens.first(where: { $0.screen == screen }) { return listed.share }
        return otherScreens == nil ? 0 : nil
    }

    enum CodingKeys: String, CodingKey {
        case step
        case users
        case screens
        case otherScreens = "other_screens"
    }
}
