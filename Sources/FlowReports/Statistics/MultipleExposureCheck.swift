/// Whether too many users saw more than one variant of an experiment: a health check of the assignment.
///
/// A user exposed to two variants is left out of every count, which is sound while such users are rare; when they
/// are many, the arms are no longer the random split the analysis assumes (a variant that re-exposes its users, ids
/// that change across devices), so the result is not to be trusted. The check is flagged when their share of the
/// users exposed reaches ``defaultThreshold`` (GrowthBook's default for its multiple-exposures warning).
public struct MultipleExposureCheck: Sendable, Hashable, Codable {
    /// The share of exposed users above which the check is flagged, unless another is given: 1%.
    public static let defaultThreshold = 0.01

    /// Users exposed to more than one variant (left out of the analysis).
    public var users: Int
    /// Every user exposed to the experiment: those analysed and those left out.
    public var exposedUsers: Int
    /// `users / exposedUsers`; 0 when nobody was exposed.
    public var share: Double
    /// The share at or above which the check is flagged.
    public var threshold: Double
    /// Whether `share` reached `threshold` (never with no such users).
    public var isFlagged: Bool

    /// Creates a check from its parts.
    public init(users: Int, exposedUsers: Int, share: Double, threshold: Double, isFlagged: Bool) {
        self.users = users
        self.exposedUsers = exposedUsers
        self.share = share
        self.threshold = threshold
        self.isFlagged = isFlagged
    }

    /// Checks `multipleExposureUsers` against the `analyzedUsers` kept in the arms. Negative counts read as 0; a
    /// total beyond `Int.max` saturates; a threshold that is not a number in (0, 1] is taken as the default.
    public static func test(
        multipleExposureUsers: Int, analyzedUsers: Int, threshold: Double = defaultThreshold
    ) -> MultipleExposureCheck {
        let users = max(0, multipleExposureUsers)
        let (sum, overflow) = max(0, analyzedUsers).addingReportingOverflow(users)
        let exposed = overflow ? Int.max : sum
        let limit = threshold.isFinite && threshold > 0 && threshold <= 1 ? threshold : defaultThreshold
        let share = exposed > 0 ? Double(users) / Double(exposed) : 0
        return MultipleExposureCheck(
            users: users, exposedUsers: exposed, share: share, threshold: limit, isFlagged: users > 0 && share >= limit
        )
    }

    enum CodingKeys: String, CodingKey {
        case users
        case exposedUsers = "exposed_users"
        case share
        case threshold
        case isFlagged = "is_flagged"
    }
}
