/// One arm of a `mean` metric (or a `duration` used as a mean): the count, sum and sum of squares of the users'
/// values (gbstats' `SampleMeanStatistic`).
///
/// A `mean` metric counts every user of the arm, 0 for users without a matching event; a `duration` counts
/// only the users who reached its end.
package struct MeanArmStatistic: MetricArmStatistic {
    /// How many values (users).
    package var count: Int
    /// Their sum.
    package var sum: Double
    /// The sum of their squares.
    package var sumOfSquares: Double

    /// The statistic of sums a warehouse returned; a negative count is taken as 0.
    package init(count: Int, sum: Double, sumOfSquares: Double) {
        self.count = max(count, 0)
        self.sum = sum
        self.sumOfSquares = sumOfSquares
    }

    /// The statistic of `values`, added in order.
    package init(values: some Sequence<Double>) {
        self.init(count: 0, sum: 0, sumOfSquares: 0)
        for value in values { add(value) }
    }

    /// Counts one more value.
    package mutating func add(_ value: Double) {
        count += 1
        sum += value
        sumOfSquares += value * value
    }

    /// The mean `sum / count`; nil without values.
    package var estimate: Double? {
        count > 0 ? sum / Double(count) : nil
    }

    /// The sample variance (sum of squares − sum²/n) / (n − 1), as gbstats computes it from the sums; 0 for
    /// fewer than 2 values, and never negative (rounding can take the difference just below 0).
    package var unitVariance: Double {
        Self.sampleVariance(count: count, sum: sum, sumOfSquares: sumOfSquares)
    }

    /// ``MetricComparisonLimitation/emptyArm`` without values, ``MetricComparisonLimitation/noVariance`` when
    /// fewer than 2 or all equal.
    package var limitation: MetricComparisonLimitation? {
        if count == 0 { return .emptyArm }
        return unitVariance > 0 ? nil : .noVariance
    }

    /// (sum of squares − sum²/n) / (n − 1), at least 0; 0 for n < 2.
    static func sampleVariance(count: Int, sum: Double, sumOfSquares: Double) -> Double {
        guard count > 1 else { return 0 }
        let n = Double(count)
        let variance = (sumOfSquares - sum * sum / n) / (n - 1)
        return variance.isFinite ? max(variance, 0) : 0
    }
}
