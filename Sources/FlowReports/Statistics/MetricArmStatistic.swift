/// One arm's statistic of a metric a team defines, as a comparison of two arms needs it: what gbstats calls a
/// `Statistic` (its `n`, `mean` and `variance`).
///
/// Conformers are built from per-user values, or from the sums a warehouse returns, and compared with
/// ``MetricComparison/init(treatment:control:settings:)``.
package protocol MetricArmStatistic: Sendable, Hashable {
    /// The units the estimate is over: users, or for a quantile or a duration the users with a value.
    var count: Int { get }
    /// The arm's estimate (rate, mean, ratio or quantile); nil when it is undefined (see ``limitation``).
    var estimate: Double? { get }
    /// The variance of one unit, so that the estimate's squared standard error is `unitVariance / count`;
    /// never negative.
    var unitVariance: Double { get }
    /// Why this arm cannot be tested, worst first: no units, an undefined estimate, too few values for the
    /// quantile's level, no variance. Nil when it can.
    var limitation: MetricComparisonLimitation? { get }
}
