/// How p-values and intervals are computed: for one look at a planned sample size, or valid at every look.
public enum TestingMethod: Sendable, Hashable, Codable {
    /// Fixed-horizon tests: valid when the results are read once, at the planned sample size.
    case fixedHorizon
    /// Asymptotic confidence sequences (Waudby-Smith et al. 2023, as GrowthBook implements them): intervals and
    /// p-values that stay valid however often the results are looked at. `tuningUsers` is the total number of
    /// users (both arms) around which the sequence is tightest; GrowthBook's default is 5,000.
    case sequential(tuningUsers: Double)

    /// GrowthBook's default tuning: the sequence is tightest around 5,000 users.
    public static let defaultTuningUsers = 5000.0

    /// Sequential testing with the default tuning.
    public static let sequential = TestingMethod.sequential(tuningUsers: defaultTuningUsers)

    /// The method's name in reports: `fixed-horizon` or `sequential`.
    public var name: String {
        switch self {
        case .fixedHorizon: "fixed-horizon"
        case .sequential: "sequential"
        }
    }

    /// The tuning of a sequential method; nil for fixed horizon.
    public var tuningUsers: Double? {
        switch self {
        case .fixedHorizon: nil
        case let .sequential(tuningUsers): tuningUsers
        }
    }
}
