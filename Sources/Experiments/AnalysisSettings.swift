/// How an experiment's results are analysed: the choices a report makes for it.
public struct AnalysisSettings: Sendable, Hashable {
    /// How intervals and p-values are computed.
    public enum Method: String, Sendable, Hashable, CaseIterable {
        /// Valid when the results are read once, at the planned sample size.
        case fixedHorizon = "fixed-horizon"
        /// Always valid (asymptotic confidence sequences): results may be looked at any number of times.
        case sequential
    }

    /// How intervals and p-values are computed.
    public var method: Method
    /// For sequential testing, the total users (all arms) around which intervals are tightest; nil for the default.
    public var sequentialTuningUsers: Double?

    /// Creates settings.
    public init(method: Method = .fixedHorizon, sequentialTuningUsers: Double? = nil) {
        self.method = method
        self.sequentialTuningUsers = sequentialTuningUsers
    }
}
