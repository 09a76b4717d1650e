/// One arm of a metric adjusted for a covariate (CUPED): per user, the metric's value `x` after exposure and the
/// covariate `x_pre` (the same metric over a lookback window before exposure, 0 for users without history), as the
/// sums gbstats 0.8.0's `RegressionAdjustedStatistic` is made of: n, Σx, Σx², Σx_pre, Σx_pre², Σx·x_pre.
///
/// These are the raw sums; the adjustment needs the slope θ pooled over both arms of a comparison
/// (``RegressionAdjustmentSlope``), and ``RegressionAdjustedArm`` is the arm with it applied.
package struct RegressionAdjustedArmStatistic: Sendable, Hashable {
    /// One variable's per-user sums (Σv, Σv², and whether every value is 0 or 1), held as a ratio's side holds them.
    package typealias Sums = RatioArmStatistic.Component

    /// The arm's users.
    package var count: Int
    /// The metric's sums after exposure. Binary for a `proportion` metric, whose variance is then p(1 − p).
    package var metric: Sums
    /// The covariate's sums before exposure. Binary for a `proportion` metric's covariate.
    package var covariate: Sums
    /// Σ xᵢ · x_preᵢ over the users.
    package var sumOfProducts: ExactBinaryNumber

    /// The statistic of exact sums; a negative count is taken as 0.
    package init(count: Int, metric: Sums, covariate: Sums, sumOfProducts: ExactBinaryNumber) {
        self.count = max(count, 0)
        self.metric = metric
        self.covariate = covariate
        self.sumOfProducts = sumOfProducts
    }

    /// The statistic of sums another engine computed (a non-finite sum is taken as 0).
    package init(count: Int, metric: Sums, covariate: Sums, sumOfProducts: Double) {
        self.init(
            count: count, metric: metric, covariate: covariate,
            sumOfProducts: ExactBinaryNumber(sumOfProducts.isFinite ? sumOfProducts : 0)
        )
    }

    /// An empty arm of a binary (`proportion`) metric or not; the covariate is binary when the metric is.
    package init(isBinary: Bool = false) {
        self.init(
            count: 0, metric: Sums(sum: .zero, sumOfSquares: .zero, isBinary: isBinary),
            covariate: Sums(sum: .zero, sumOfSquares: .zero, isBinary: isBinary), sumOfProducts: .zero
        )
    }

    /// Counts `users` more users (one by default), each with this metric value and covariate, which must be finite.
    package mutating func add(value: Double, covariate covariateValue: Double, times users: Int = 1) {
        guard users > 0 else { return }
        let valueNumber = ExactBinaryNumber(value)
        let covariateNumber = ExactBinaryNumber(covariateValue)
        // One user, the common case, costs no multiplication by the weight.
        let weighted = { (number: ExactBinaryNumber) in users == 1 ? number : ExactBinaryNumber(users) * number }
        count += users
        metric.sum += weighted(valueNumber)
        metric.sumOfSquares += weighted(valueNumber * valueNumber)
        covariate.sum += weighted(covariateNumber)
        covariate.sumOfSquares += weighted(covariateNumber * covariateNumber)
        sumOfProducts += weighted(valueNumber * covariateNumber)
    }

    /// The two arms' users and sums together, as gbstats pools them for θ; the count saturates at `Int.max`.
    package func pooled(with other: Self) -> Self {
        let (total, overflow) = count.addingReportingOverflow(other.count)
        return Self(
            count: overflow ? .max : total,
            metric: Sums(sum: metric.sum + other.metric.sum, sumOfSquares: metric.sumOfSquares + other.metric.sumOfSquares,
                         isBinary: metric.isBinary && other.metric.isBinary),
            covariate: Sums(sum: covariate.sum + other.covariate.sum,
                            sumOfSquares: covariate.sumOfSquares + other.covariate.sumOfSquares,
                            isBinary: covariate.isBinary && other.covariate.isBinary),
            sumOfProducts: sumOfProducts + other.sumOfProducts
        )
    }

    /// The sample covariance of metric and covariate, (n·Σx·x_pre − Σx·Σx_pre) / (n(n − 1)), from the exact sums,
    /// divided by 2^(`metric.scaleExponent` + `covariate.scaleExponent`); 0 for fewer than 2 users.
    func scaledCovariance() -> Double {
        guard count > 1 else { return 0 }
        let n = Double(count)
        return (ExactBinaryNumber(count) * sumOfProducts - metric.sum * covariate.sum)
            .rounded(timesTwoToThe: -metric.scaleExponent - covariate.scaleExponent) / n / (n - 1)
    }

    /// The arm without adjustment: what the metric's own statistic reads (the mean and variance of `x`).
    package var unadjusted: RegressionAdjustedArm {
        RegressionAdjustedArm(self, slope: .zero)
    }
}
