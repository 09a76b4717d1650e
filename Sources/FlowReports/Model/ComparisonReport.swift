/// One treatment compared with control, as a report carries it; see ``TreatmentComparison`` for the meanings.
public struct ComparisonReport: Sendable, Hashable, Codable {
    /// The treatment arm's variant.
    public var variant: String
    /// The control arm's variant.
    public var control: String
    /// Users of the treatment arm, as analysed.
    public var treatmentUsers: Int
    /// Goal conversions of the treatment arm, as analysed.
    public var treatmentConversions: Int
    /// Goal conversion rate of the treatment arm.
    public var treatmentRate: Double
    /// Users of the control arm, as analysed.
    public var controlUsers: Int
    /// Goal conversions of the control arm, as analysed.
    public var controlConversions: Int
    /// Goal conversion rate of the control arm.
    public var controlRate: Double
    /// Treatment rate minus control rate.
    public var absoluteDifference: Double
    /// Confidence interval of the absolute difference.
    public var absoluteInterval: IntervalReport
    /// Treatment rate / control rate − 1, when defined.
    public var relativeUplift: Double?
    /// Confidence interval of the relative uplift, when defined.
    public var relativeInterval: IntervalReport?
    /// The z statistic.
    public var zScore: Double
    /// Two-sided p-value.
    public var pValue: Double
    /// p-value adjusted for several treatments (Holm).
    public var adjustedPValue: Double
    /// Bayesian probability that the treatment converts better than control; absent when an arm has no users.
    public var chanceToBeatControl: Double?
    /// Smallest absolute difference detectable at the current sizes, when defined.
    public var minimumDetectableEffect: Double?
    /// Control users needed to detect the observed difference, when defined.
    public var usersNeededPerArm: Int?
    /// Whether the adjusted p-value is below alpha.
    public var isSignificant: Bool

    /// Creates a comparison report from its parts.
    public init(
        variant: String, control: String, treatmentUsers: Int, treatmentConversions: Int, treatmentRate: Double,
        controlUsers: Int, controlConversions: Int, controlRate: Double, absoluteDifference: Double,
        absoluteInterval: IntervalReport, relativeUplift: Double?, relativeInterval: IntervalReport?, zScore: Double,
        pValue: Double, adjustedPValue: Double, chanceToBeatControl: Double?, minimumDetectableEffect: Double?,
        usersNeededPerArm: Int?, isSignificant: Bool
    ) {
        self.variant = variant
        self.control = control
        self.treatmentUsers = treatmentUsers
        self.treatmentConversions = treatmentConversions
        self.treatmentRate = treatmentRate
        self.controlUsers = controlUsers
        self.controlConversions = controlConversions
        self.controlRate = controlRate
        self.absoluteDifference = absoluteDifference
        self.absoluteInterval = absoluteInterval
        self.relativeUplift = relativeUplift
        self.relativeInterval = relativeInterval
        self.zScore = zScore
        self.pValue = pValue
        self.adjustedPValue = adjustedPValue
        self.chanceToBeatControl = chanceToBeatControl
        self.minimumDetectableEffect = minimumDetectableEffect
        self.usersNeededPerArm = usersNeededPerArm
        self.isSignificant = isSignificant
    }

    /// Carries over a ``TreatmentComparison``.
    public init(_ comparison: TreatmentComparison) {
        self.init(
            variant: comparison.variant,
            control: comparison.control,
            treatmentUsers: comparison.treatmentCounts.users,
            treatmentConversions: comparison.treatmentCounts.conversions,
            treatmentRate: comparison.treatmentCounts.rate,
            controlUsers: comparison.controlCounts.users,
            controlConversions: comparison.controlCounts.conversions,
            controlRate: comparison.controlCounts.rate,
            absoluteDifference: comparison.absoluteDifference,
            absoluteInterval: IntervalReport(comparison.absoluteInterval),
            relativeUplift: comparison.relativeUplift,
            relativeInterval: comparison.relativeInterval.map(IntervalReport.init),
            zScore: comparison.zScore,
            pValue: comparison.pValue,
            adjustedPValue: comparison.adjustedPValue,
            chanceToBeatControl: comparison.chanceToBeatControl,
            minimumDetectableEffect: comparison.minimumDetectableEffect,
            usersNeededPerArm: comparison.usersNeededPerArm,
            isSignificant: comparison.isSignificant
        )
    }

    enum CodingKeys: String, CodingKey {
        case variant
        case control
        case treatmentUsers = "treatment_users"
        case treatmentConversions = "treatment_conversions"
        case treatmentRate = "treatment_rate"
        case controlUsers = "control_users"
        case controlConversions = "control_conversions"
        case controlRate = "control_rate"
        case absoluteDifference = "absolute_difference"
        case absoluteInterval = "absolute_interval"
        case relativeUplift = "relative_uplift"
        case relativeInterval = "relative_interval"
        case zScore = "z_score"
        case pValue = "p_value"
        case adjustedPValue = "adjusted_p_value"
        case chanceToBeatControl = "chance_to_beat_control"
        case minimumDetectableEffect = "minimum_detectable_effect"
        case usersNeededPerArm = "users_needed_per_arm"
        case isSignificant = "is_significant"
    }
}
