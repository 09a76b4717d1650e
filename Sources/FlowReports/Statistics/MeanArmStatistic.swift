/// One arm of a `mean` metric (or a `duration` used as a mean): the count, sum and sum of squares of the users'
/// values (gbstats' `SampleMeanStatistic`), the sums held exactly.
///
/// A `mean` metric counts every user of the arm, 0 for users without a matching event; a `duration` counts
/// only the users who reached its end.
package struct MeanArmStatistic: MetricArmStatistic {
    /// How many values (users).
    package var count: Int
    /// Their sum.
    package var sum: ExactBinaryNumber
    /// The sum of their squares.
    package var sumOfSquares: ExactBinaryNumber

    /// The statistic of exact sums; a negative count is taken as 0.
    package init(count: Int, sum: ExactBinaryNumber, sumOfSquares: ExactBinaryNumber) {
        self.count = max(count, 0)
        self.sum = sum
        self.sumOfSquares = sumOfSquares
    }

    /// The statistic of sums another engine computed (finite; a non-finite sum is taken as 0).
    package init(count: Int, sum: Double, sumOfSquares: Double) {
        self.init(
            count: count, sum: ExactBinaryNumber(sum.isFinite ? sum : 0),
            sumOfSquares: ExactBinaryNumber(sumOfSquares.isFinite ? sumOfSquares : 0)
        )
    }

    /// The statistic of `values`, which must be finite, in any order.
    package init(values: some Sequence<Double>) {
        var count = 0
        var sum = ExactBinarySum()
        var squares = ExactBinarySum()
        for value in values {
            count += 1
            sum.add(value)
            squares.addSquare(value)
        }
        self.init(count: count, sum: sum.number, sumOfSquares: squares.number)
    }

    /// Counts one more value, which must be finite.
    package mutating func add(_ value: Double) {
        count += 1
        sum += ExactBinaryNumber(value)
        sumOfSquares += ExactBinaryNumber(value) * ExactBinaryNumber(value)
    }

    /// Half the binary exponent of the sum of squares, rounded up: every value and the mean are at most 2^this.
    package var scaleExponent: Int {
        Self.scaleExponent(ofSumOfSquares: sumOfSquares)
    }

    /// The mean `sum / count`, divided by 2^`exponent`; nil without values.
    package func estimate(scaledBy exponent: Int) -> Double? {
        guard count > 0 else { return nil }
        return sum.rounded(timesTwoToThe: -exponent) / Double(count)
    }

    /// The sample variance (n·Σv² − (Σv)²) / (n(n − 1)), from the exact sums (so no cancellation, whatever the
    /// mean), divided by 4^`exponent`; 0 for fewer than 2 values.
    package func unitVariance(scaledBy exponent: Int) -> Double {
        Self.sampleVariance(count: count, sum: sum, sumOfSquares: sumOfSquares, scaledBy: exponent)
    }

    /// ``MetricComparisonLimitation/emptyArm`` without values, ``MetricComparisonLimitation/noVariance`` when
    /// fewer than 2 or all equal.
    package var limitation: MetricComparisonLimitation? {
        if count == 0 { return .emptyArm }
        return unitVariance(scaledBy: scaleExponent) > 0 ? nil : .noVariance
    }

    /// (n·Σv² − (Σv)²) / (n(n − 1)) ÷ 4^`exponent`, the numerator exact; 0 for n < 2. Never negative: the exact
    /// numerator is not.
    static func sampleVariance(count: Int, sum: ExactBinaryNumber, sumOfSquares: ExactBinaryNumber, scaledBy exponent: Int) -> Double {
        guard count > 1 else { return 0 }
        let spread = ExactBinaryNumber(count) * sumOfSquares - sum * sum
        let n = Double(count)
        return max(spread.rounded(timesTwoToThe: -2 * exponent) / n / (n - 1), 0)
    }

    /// The smallest s with 4^s above `sumOfSquares`: every value of the sum, and their mean, are at most 2^s.
    static func scaleExponent(ofSumOfSquares sumOfSquares: ExactBinaryNumber) -> Int {
        guard let exponent = sumOfSquares.binaryExponent else { return 0 }
        return (exponent + 2) >> 1
    }
}
