/// One treatment compared with control.
///
/// Significance refers to the pooled two-proportion z-test of the absolute difference (see ``significanceBasis``).
///
/// Reports carry it as it is, in their JSON with each arm's counts spelled out (`treatment_users`,
/// `treatment_conversions`, `treatment_rate`, and the same for control). The JSON leaves out ``significanceBasis``,
/// which follows from the analysis' testing method: decoded on its own, a comparison reads as a pooled z-test, and
/// ``AnalysisReport`` and ``ExperimentAnalysis`` restore the basis of their method when decoded.
public struct TreatmentComparison: Sendable, Hashable, Codable {
    /// Name of the treatment arm.
    public var variant: String
    /// Name of the control arm.
    public var control: String
    /// Treatment counts as analysed (sanitized: users ≥ 0, 0 ≤ conversions ≤ users).
    public var treatmentCounts: ArmCounts
    /// Control counts as analysed (sanitized).
    public var controlCounts: ArmCounts
    /// pT − pC in proportion units (0.041 is 4.1 percentage points); 0 when an arm has no users.
    public var absoluteDifference: Double
    /// (1 − alpha) Newcombe (hybrid Wilson score) interval of pT − pC.
    public var absoluteInterval: ConfidenceInterval
    /// pT / pC − 1; nil when pC = 0 or an arm has no users.
    public var relativeUplift: Double?
    /// (1 − alpha) log-scale (Katz) interval of pT / pC − 1; nil with ``relativeUplift`` or when the treatment has
    /// no conversions.
    public var relativeInterval: ConfidenceInterval?
    /// Pooled two-proportion z statistic; 0 when undefined.
    public var zScore: Double
    /// Two-sided p-value of the pooled z-test; 1 when undefined.
    public var pValue: Double
    /// Holm-adjusted p-value across all treatments of the experiment; equals ``pValue`` with one treatment.
    public var adjustedPValue: Double
    /// Bayesian P(pT > pC) with Beta(1, 1) priors; nil when an arm has no users (the priors alone would speak).
    public var chanceToBeatControl: Double?
    /// Smallest absolute rate change detectable with the target power at the current arm sizes; nil when undefined.
    public var minimumDetectableEffect: Double?
    /// Control-arm users needed to detect the observed difference with the target power at the current split
    /// (the treatment arm needs nT/nC times as many), rounded up; nil when the difference is 0 or an arm is empty.
    public var usersNeededPerArm: Int?
    /// adjustedPValue < alpha.
    public var isSignificant: Bool
    /// The test that ``pValue``, ``adjustedPValue`` and ``isSignificant`` refer to.
    public var significanceBasis: SignificanceBasis

    /// Creates a comparison from its parts.
    public init(
        variant: String, control: String, treatmentCounts: ArmCounts, controlCounts: ArmCounts,
        absoluteDifference: Double, absoluteInterval: ConfidenceInterval,
        relativeUplift: Double?, relativeInterval: ConfidenceInterval?,
        zScore: Double, pValue: Double, adjustedPValue: Double, chanceToBeatControl: Double?,
        minimumDetectableEffect: Double?, usersNeededPerArm: Int?, isSignificant: Bool,
        significanceBasis: SignificanceBasis = .absoluteDifferencePooledZTest
    ) {
        self.variant = variant
        self.control = control
        self.treatmentCounts = treatmentCounts
        self.controlCounts = controlCounts
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
        self.significanceBasis = significanceBasis
    }

    /// The basis of the comparisons of an analysis run with `method`.
    static func significanceBasis(of method: TestingMethod) -> SignificanceBasis {
        method.tuningUsers == nil ? .absoluteDifferencePooledZTest : .absoluteDifferenceConfidenceSequence
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

    /// Decodes a comparison from a report's JSON; the rates are read from the counts, not the file.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            variant: try container.decode(String.self, forKey: .variant),
            control: try container.decode(String.self, forKey: .control),
            treatmentCounts: ArmCounts(
                users: try container.decode(Int.self, forKey: .treatmentUsers),
                conversions: try container.decode(Int.self, forKey: .treatmentConversions)
            ),
            controlCounts: ArmCounts(
                users: try container.decode(Int.self, forKey: .controlUsers),
                conversions: try container.decode(Int.self, forKey: .controlConversions)
            ),
            absoluteDifference: try container.decode(Double.self, forKey: .absoluteDifference),
            absoluteInterval: try container.decode(ConfidenceInterval.self, forKey: .absoluteInterval),
            relativeUplift: try container.decodeIfPresent(Double.self, forKey: .relativeUplift),
            relativeInterval: try container.decodeIfPresent(ConfidenceInterval.self, forKey: .relativeInterval),
            zScore: try container.decode(Double.self, forKey: .zScore),
            pValue: try container.decode(Double.self, forKey: .pValue),
            adjustedPValue: try container.decode(Double.self, forKey: .adjustedPValue),
            chanceToBeatControl: try container.decodeIfPresent(Double.self, forKey: .chanceToBeatControl),
            minimumDetectableEffect: try container.decodeIfPresent(Double.self, forKey: .minimumDetectableEffect),
            usersNeededPerArm: try container.decodeIfPresent(Int.self, forKey: .usersNeededPerArm),
            isSignificant: try container.decode(Bool.self, forKey: .isSignificant)
        )
    }

    /// Encodes the comparison as reports write it, each arm's users, conversions and rate spelled out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(variant, forKey: .variant)
        try container.encode(control, forKey: .control)
        try container.encode(treatmentCounts.users, forKey: .treatmentUsers)
        try container.encode(treatmentCounts.conversions, forKey: .treatmentConversions)
        try container.encode(treatmentCounts.rate, forKey: .treatmentRate)
        try container.encode(controlCounts.users, forKey: .controlUsers)
        try container.encode(controlCounts.conversions, forKey: .controlConversions)
        try container.encode(controlCounts.rate, forKey: .controlRate)
        try container.encode(absoluteDifference, forKey: .absoluteDifference)
        try container.encode(absoluteInterval, forKey: .absoluteInterval)
        try container.encodeIfPresent(relativeUplift, forKey: .relativeUplift)
        try container.encodeIfPresent(relativeInterval, forKey: .relativeInterval)
        try container.encode(zScore, forKey: .zScore)
        try container.encode(pValue, forKey: .pValue)
        try container.encode(adjustedPValue, forKey: .adjustedPValue)
        try container.encodeIfPresent(chanceToBeatControl, forKey: .chanceToBeatControl)
        try container.encodeIfPresent(minimumDetectableEffect, forKey: .minimumDetectableEffect)
        try container.encodeIfPresent(usersNeededPerArm, forKey: .usersNeededPerArm)
        try container.encode(isSignificant, forKey: .isSignificant)
    }
}
