/// One treatment compared with control.
///
/// Significance refers to the pooled two-proportion z-test of the absolute difference (see ``significanceBasis``).
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
}
