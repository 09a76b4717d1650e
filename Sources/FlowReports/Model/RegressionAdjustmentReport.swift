/// How CUPED adjusted one metric comparison (`analysis.cuped`), or why it could not: the slope, how much it
/// narrowed the interval, and the pre-exposure bias check.
public struct RegressionAdjustmentReport: Sendable, Hashable, Codable {
    /// The pre-exposure p-value below which the arms' covariates are flagged as imbalanced.
    public static let imbalanceThreshold = 0.001

    /// Days of the lookback before each user's first exposure.
    public var lookbackDays: Int
    /// The pooled slope θ subtracted, `x − θ·x_pre`; 0 when the covariate does not vary (no history). Absent when
    /// the adjustment could not be computed.
    public var theta: Double?
    /// 1 − (the adjusted difference's variance / the unadjusted difference's variance): 0 without adjustment,
    /// about ρ² for a covariate of correlation ρ with the metric. Absent when either variance is not a finite
    /// positive number.
    public var varianceReduction: Double?
    /// Treatment's covariate minus control's (mean, share or ratio over the lookback): the pre-exposure bias check.
    public var preExposureDifference: Double?
    /// The two-sided p-value of that difference, tested as the metric is (Welch's test for a mean).
    public var preExposurePValue: Double?
    /// Whether the arms already differed before exposure: `preExposurePValue` below ``imbalanceThreshold``.
    public var isImbalanced: Bool
    /// Why the comparison is not adjusted although the plan asks for it; absent when it is.
    public var unavailable: String?
    /// Treatment's users with history: a covariate other than 0 (a matching event in the lookback). Absent with
    /// ``unavailable``.
    public var treatmentUsersWithHistory: Int?
    /// Control's users with history.
    public var controlUsersWithHistory: Int?

    /// Creates an adjustment report from its parts.
    public init(
        lookbackDays: Int, theta: Double?, varianceReduction: Double?, preExposureDifference: Double? = nil,
        preExposurePValue: Double? = nil, unavailable: String? = nil
    ) {
        self.lookbackDays = lookbackDays
        self.theta = theta
        self.varianceReduction = varianceReduction
        self.preExposureDifference = preExposureDifference
        self.preExposurePValue = preExposurePValue
        isImbalanced = preExposurePValue.map { $0 < Self.imbalanceThreshold } ?? false
        self.unavailable = unavailable
    }

    /// How much narrower the interval is than unadjusted, `1 − √(1 − varianceReduction)`; absent with
    /// ``varianceReduction``.
    public var intervalNarrowing: Double? {
        varianceReduction.map { 1 - max(1 - $0, 0).squareRoot() }
    }

    enum CodingKeys: String, CodingKey {
        case lookbackDays = "lookback_days"
        case theta
        case varianceReduction = "variance_reduction"
        case preExposureDifference = "pre_exposure_difference"
        case preExposurePValue = "pre_exposure_p_value"
        case isImbalanced = "is_imbalanced"
        case unavailable
        case treatmentUsersWithHistory = "treatment_users_with_history"
        case controlUsersWithHistory = "control_users_with_history"
    }
}
