/// Exposed users and how many of them converted, for one arm.
///
/// Counts are stored as given. The analysis reads them through ``sanitized``: negative users count as 0,
/// and conversions are clamped into 0…users, so absurd inputs still produce defined results.
public struct ArmCounts: Sendable, Hashable, Codable {
    /// Users exposed to the arm.
    public var users: Int
    /// Exposed users who converted.
    public var conversions: Int

    /// Creates counts for one arm.
    public init(users: Int, conversions: Int) {
        self.users = users
        self.conversions = conversions
    }

    /// Conversion rate conversions / users of the sanitized counts; 0 when there are no users.
    public var rate: Double {
        let counts = sanitized
        guard counts.users > 0 else { return 0 }
        return Double(counts.conversions) / Double(counts.users)
    }

    /// The counts the analysis uses: users ≥ 0 and 0 ≤ conversions ≤ users.
    public var sanitized: ArmCounts {
        let users = max(0, self.users)
        return ArmCounts(users: users, conversions: min(max(0, conversions), users))
    }

    /// Users who did not convert (of the sanitized counts).
    var nonConversions: Int {
        let counts = sanitized
        return counts.users - counts.conversions
    }
}
