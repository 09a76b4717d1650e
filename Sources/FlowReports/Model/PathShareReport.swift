/// How the share of users taking one observed path, or leaving on one screen, differs between a treatment and
/// control: the difference of proportions with Newcombe's interval, corrected across the treatment's paths and screens
/// (``ShareDifference``).
///
/// A share says how common the path is, not what the path does: users choose their path, so a path more common under
/// one flow is a description of that flow's users, not an effect of any screen on it.
public struct PathShareReport: Sendable, Hashable, Codable {
    /// A path or a screen left on.
    public var kind: PathShareKind
    /// The path's screens, first to last, or the one screen left on.
    public var screens: [String]
    /// Whether the path's users reached the goal; nil for a screen left on.
    public var reachedGoal: Bool?
    /// Treatment's users holding it.
    public var treatmentUsers: Int
    /// Their share of treatment's users.
    public var treatmentShare: Double
    /// Control's users holding it.
    public var controlUsers: Int
    /// Their share of control's users.
    public var controlShare: Double
    /// Treatment's share minus control's, in rate units.
    public var difference: Double
    /// Newcombe's interval of ``difference`` at the report's confidence level.
    public var interval: ConfidenceInterval
    /// The interval widened for the correction; [−1, 1] when the adjusted p-value is 1.
    public var adjustedInterval: ConfidenceInterval
    /// The pooled z-test's p-value before the correction.
    public var pValue: Double
    /// The p-value after the correction.
    public var adjustedPValue: Double
    /// Whether the shares differ: the adjusted p-value is below alpha.
    public var isFound: Bool

    /// Creates a share comparison.
    public init(
        kind: PathShareKind, screens: [String], reachedGoal: Bool?, treatmentUsers: Int, treatmentShare: Double, controlUsers: Int,
        controlShare: Double, difference: Double, interval: ConfidenceInterval, adjustedInterval: ConfidenceInterval, pValue: Double,
        adjustedPValue: Double, isFound: Bool
    ) {
        self.kind = kind
        self.screens = screens
        self.reachedGoal = reachedGoal
        self.treatmentUsers = treatmentUsers
        self.treatmentShare = treatmentShare
        self.controlUsers = controlUsers
        self.controlShare = controlShare
        self.difference = difference
        self.interval = interval
        self.adjustedInterval = adjustedInterval
        self.pValue = pValue
        self.adjustedPValue = adjustedPValue
        self.isFound = isFound
    }

    /// The report of `difference`, for the path or screen `key`.
    init(_ difference: ShareDifference, key: PathShareKey) {
        let share = { (counts: ArmCounts) in counts.users > 0 ? Double(counts.conversions) / Double(counts.users) : 0 }
        self.init(
            kind: key.kind, screens: key.screens, reachedGoal: key.reachedGoal, treatmentUsers: difference.treatment.conversions,
            treatmentShare: share(difference.treatment), controlUsers: difference.control.conversions, controlShare: share(difference.control),
            difference: difference.difference, interval: difference.interval, adjustedInterval: difference.adjustedInterval,
            pValue: difference.pValue, adjustedPValue: difference.adjustedPValue, isFound: difference.isFound
        )
    }

    enum CodingKeys: String, CodingKey {
        case kind
        case screens
        case reachedGoal = "reached_goal"
        case treatmentUsers = "treatment_users"
        case treatmentShare = "treatment_share"
        case controlUsers = "control_users"
        case controlShare = "control_share"
        case difference
        case interval
        case adjustedInterval = "adjusted_interval"
        case pValue = "p_value"
        case adjustedPValue = "adjusted_p_value"
        case isFound = "found"
    }
}
