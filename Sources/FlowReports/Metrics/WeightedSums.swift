/// The exact count, Σv and Σv² of values each held by some users: a mean's sufficient statistics, added up one
/// distinct value at a time rather than one user at a time.
struct WeightedSums: Sendable {
    /// The users added.
    private(set) var users = 0
    /// Σ users × value.
    private(set) var sum = ExactBinaryNumber(0)
    /// Σ users × value².
    private(set) var sumOfSquares = ExactBinaryNumber(0)

    /// Adds `value`, which must be finite, for `users` users.
    mutating func add(_ value: Double, users: Int) {
        self.users += users
        guard value != 0 else { return }
        let number = ExactBinaryNumber(value)
        let weight = ExactBinaryNumber(users)
        sum += number * weight
        sumOfSquares += number * number * weight
    }

    /// The mean statistic of what was added.
    var meanStatistic: MeanArmStatistic {
        MeanArmStatistic(count: users, sum: sum, sumOfSquares: sumOfSquares)
    }
}
