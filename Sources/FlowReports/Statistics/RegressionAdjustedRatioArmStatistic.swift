/// One arm of a `ratio` metric adjusted for covariates (CUPED for ratios): per user, the numerator `m` and the
/// denominator `d` after exposure and the same two over the lookback window before exposure, `m_pre` and `d_pre`;
/// the arm's sums of each, of their squares and of the six products of two of them, as GrowthBook's
/// `RegressionAdjustedRatioStatistic` takes them.
///
/// The arm's four means β = (m̄, d̄, m̄_pre, d̄_pre) and their 4×4 covariance matrix Λ (variances p(1 − p) for a
/// binary side and the sample variance otherwise; covariances `Σab/n − Σa·Σb/n²` between two binary sides and
/// `(Σab − Σa·Σb/n)/(n − 1)` otherwise) give, for a slope θ (``RegressionAdjustedRatioArms``):
/// - estimate `m̄/d̄ − θ·m̄_pre/d̄_pre`;
/// - unit variance `∇ᵀΛ∇` with `∇ = (1/d̄, −m̄/d̄², −θ/d̄_pre, θ·m̄_pre/d̄_pre²)`, the delta method of the estimate.
///
/// Means and covariances are rounded from exact sums to doubles; a number beyond a double makes the arm
/// ``MetricComparisonLimitation/valueBeyondRange``.
package struct RegressionAdjustedRatioArmStatistic: Sendable, Hashable {
    /// One variable's per-user sums.
    package typealias Sums = RatioArmStatistic.Component

    /// The four variables, in the order of β.
    package enum Variable: Int, Sendable, CaseIterable {
        case numerator, denominator, numeratorCovariate, denominatorCovariate
    }

    /// The arm's users.
    package var count: Int
    /// Each variable's sums, in the order of ``Variable``.
    package var sums: [Sums]
    /// Σ aᵢ·bᵢ for each pair a < b of ``Variable``, in the order (0,1), (0,2), (0,3), (1,2), (1,3), (2,3).
    package var sumsOfProducts: [ExactBinaryNumber]

    /// The statistic of exact sums: four `sums` and six `sumsOfProducts` in the orders above; a negative count is
    /// taken as 0.
    package init(count: Int, sums: [Sums], sumsOfProducts: [ExactBinaryNumber]) {
        precondition(sums.count == 4 && sumsOfProducts.count == 6, "four variables and six products")
        self.count = max(count, 0)
        self.sums = sums
        self.sumsOfProducts = sumsOfProducts
    }

    /// An empty arm whose numerator (and its covariate) is binary or not.
    package init(numeratorIsBinary: Bool = false) {
        let binary = [numeratorIsBinary, false, numeratorIsBinary, false]
        self.init(count: 0, sums: binary.map { Sums(sum: .zero, sumOfSquares: .zero, isBinary: $0) },
                  sumsOfProducts: Array(repeating: .zero, count: 6))
    }

    /// Counts `users` more users (one by default), each with these four values, in the order of ``Variable``, which must be
    /// finite.
    package mutating func add(_ values: [Double], times users: Int = 1) {
        precondition(values.count == 4, "four values")
        guard users > 0 else { return }
        let numbers = values.map(ExactBinaryNumber.init)
        // One user, the common case, costs no multiplication by the weight.
        let weighted = { (number: ExactBinaryNumber) in users == 1 ? number : ExactBinaryNumber(users) * number }
        count += users
        for index in 0..<4 {
            sums[index].sum += weighted(numbers[index])
            sums[index].sumOfSquares += weighted(numbers[index] * numbers[index])
        }
        for (slot, pair) in Self.pairs.enumerated() {
            sumsOfProducts[slot] += weighted(numbers[pair.0] * numbers[pair.1])
        }
    }

    /// The pairs of variables, in the order of `sumsOfProducts`.
    static let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]

    /// β: the four means; 0 without users.
    var means: [Double] {
        guard count > 0 else { return [0, 0, 0, 0] }
        return sums.map { $0.sum.doubleValue / Double(count) }
    }

    /// Λ: the covariance matrix of one user's four values; zeros for fewer than 2 users.
    var covarianceMatrix: [[Double]] {
        var matrix = Array(repeating: Array(repeating: 0.0, count: 4), count: 4)
        guard count > 1 else { return matrix }
        let n = Double(count)
        for index in 0..<4 {
            matrix[index][index] = sums[index].isBinary
                ? { let rate = sums[index].sum.doubleValue / n; return rate * (1 - rate) }()
                : MeanArmStatistic.sampleVariance(count: count, sum: sums[index].sum, sumOfSquares: sums[index].sumOfSquares, scaledBy: 0)
        }
        for (slot, (first, second)) in Self.pairs.enumerated() {
            let spread = ExactBinaryNumber(count) * sumsOfProducts[slot] - sums[first].sum * sums[second].sum
            let bothBinary = sums[first].isBinary && sums[second].isBinary
            let covariance = bothBinary ? spread.doubleValue / n / n : spread.doubleValue / n / (n - 1)
            matrix[first][second] = covariance
            matrix[second][first] = covariance
        }
        return matrix
    }

    /// The arm's post-exposure ratio alone, as an unadjusted ratio metric reads it.
    package var unadjusted: RatioArmStatistic {
        RatioArmStatistic(count: count, numerator: sums[0], denominator: sums[1], sumOfProducts: sumsOfProducts[0])
    }

    /// The two arms' users and sums together; the count saturates at `Int.max`.
    package func pooled(with other: Self) -> Self {
        let (total, overflow) = count.addingReportingOverflow(other.count)
        return Self(
            count: overflow ? .max : total,
            sums: zip(sums, other.sums).map {
                Sums(sum: $0.sum + $1.sum, sumOfSquares: $0.sumOfSquares + $1.sumOfSquares, isBinary: $0.isBinary && $1.isBinary)
            },
            sumsOfProducts: zip(sumsOfProducts, other.sumsOfProducts).map { $0 + $1 }
        )
    }
}
