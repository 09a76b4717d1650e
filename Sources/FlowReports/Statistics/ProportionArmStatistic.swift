/// One arm of a `proportion` metric: the users with at least one matching event, out of the arm's users
/// (gbstats' `ProportionStatistic`).
package struct ProportionArmStatistic: MetricArmStatistic {
    /// The arm's users.
    package var count: Int
    /// The users with at least one matching event.
    package var successes: Int

    /// The statistic of `successes` out of `users`; negative counts are taken as 0, and successes are at most
    /// the users.
    package init(users: Int, successes: Int) {
        count = max(users, 0)
        self.successes = min(max(successes, 0), count)
    }

    /// Counts one more user, who converted or not.
    package mutating func add(converted: Bool) {
        count += 1
        if converted { successes += 1 }
    }

    /// A rate and its variance are at most 1: no scaling is needed.
    package var scaleExponent: Int {
        0
    }

    /// The rate `successes / users` divided by 2^`exponent`; nil without users.
    package func estimate(scaledBy exponent: Int) -> Double? {
        count > 0 ? (Double(successes) / Double(count)).timesPowerOfTwo(-exponent) : nil
    }

    /// p(1 − p), the variance of one user's 0-or-1 value with denominator n (as gbstats), divided by 4^`exponent`.
    package func unitVariance(scaledBy exponent: Int) -> Double {
        guard let rate = estimate(scaledBy: 0) else { return 0 }
        return (rate * (1 - rate)).timesPowerOfTwo(-2 * exponent)
    }

    /// ``MetricComparisonLimitation/emptyArm`` without users, ``MetricComparisonLimitation/noVariance`` when every
    /// user converted or none did.
    package var limitation: MetricComparisonLimitation? {
        if count == 0 { return .emptyArm }
        return successes > 0 && successes < count ? nil : .noVariance
    }
}
