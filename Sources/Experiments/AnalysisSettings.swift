/// How an experiment's results are analysed: the choices a report makes for it.
public struct AnalysisSettings: Sendable, Hashable {
    /// How intervals and p-values are computed.
    public enum Method: String, Sendable, Hashable, CaseIterable {
        /// Valid when the results are read once, at the planned sample size.
        case fixedHorizon = "fixed-horizon"
        /// Always valid (asymptotic confidence sequences): results may be looked at any number of times.
        case sequential
    }

    /// How the p-values of several metrics and variants are adjusted together.
    public enum Correction: String, Sendable, Hashable, CaseIterable {
        /// Holm's step-down correction (family-wise error rate).
        case holm
        /// Benjamini and Hochberg's step-up correction (false discovery rate).
        case benjaminiHochberg = "benjamini-hochberg"
    }

    /// How intervals and p-values are computed.
    public var method: Method
    /// For sequential testing, the total users (all arms) around which intervals are tightest; nil for the default.
    public var sequentialTuningUsers: Double?
    /// How guardrail and secondary metrics are corrected across metrics and variants.
    public var correction: Correction
    /// The smallest absolute change in the goal's conversion rate the experiment is planned to detect (0.02 is
    /// 2 percentage points): it sets the planned sample size the verdict weighs results against.
    public var minimumDetectableEffect: Double?

    /// Creates settings.
    public init(
        method: Method = .fixedHorizon, sequentialTuningUsers: Double? = nil, correction: Correction = .holm,
        minimumDetectableEffect: Double? = nil
    ) {
        self.method = method
        self.sequentialTuningUsers = sequentialTuningUsers
        self.correction = correction
        self.minimumDetectableEffect = minimumDetectableEffect
    }
}
