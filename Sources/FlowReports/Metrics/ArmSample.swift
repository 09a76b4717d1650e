/// One arm's statistic of one metric, made from the arm's measured columns with their caps applied: what
/// ``MetricComparison`` compares.
struct ArmSample: Sendable {
    /// The statistic of the metric's kind.
    enum Statistic: Sendable {
        case proportion(ProportionArmStatistic)
        case mean(MeanArmStatistic)
        case ratio(RatioArmStatistic)
        case quantile(QuantileArmStatistic)
    }

    let statistic: Statistic
    /// Users measured: all of the arm's, but for a duration or a quantile those with a value.
    let count: Int
    /// For a duration, the arm's users who never reached its end.
    let missing: Int
    /// Events whose number was missing or not a number.
    let invalid: Int
    /// For a duration, the median (nearest rank) of the values.
    let median: Double?

    /// The sample of `reading` from `columns`, the arm's columns of the measurements the reading names (nil for an
    /// arm nobody was exposed to), each capped at its threshold.
    init(
        reading: ExperimentMetrics.Analysed.Reading, measurements: [MetricMeasurement], thresholds: [Double?],
        columns: [MeasuredColumn?]
    ) {
        let indices = reading.measurements
        let empty = MeasuredColumn(values: [], present: [])
        /// The column of the reading's `position`-th measurement, capped, its values in user order.
        func capped(_ position: Int) -> (values: [Double], present: [Bool]) {
            let column = columns[position] ?? empty
            let threshold = thresholds[indices[position]]
            return (column.values.map { MetricCap.apply(threshold, to: $0) }, column.present)
        }
        invalid = columns.reduce(0) { $0 + ($1?.invalid ?? 0) }
        let users = (columns.first ?? nil)?.values.count ?? 0
        var missing = 0
        var median: Double?
        switch reading {
        case .proportion:
            let present = capped(0).present
            statistic = .proportion(ProportionArmStatistic(users: users, successes: present.lazy.filter { $0 }.count))
            count = users
        case .mean:
            statistic = .mean(Self.meanStatistic(of: capped(0).values))
            count = users
        case .duration:
            let column = capped(0)
            let reached = zip(column.values, column.present).compactMap { $1 ? $0 : nil }
            statistic = .mean(Self.meanStatistic(of: reached))
            count = reached.count
            missing = users - reached.count
            median = NearestRankQuantile.value(level: 0.5, ofSorted: reached.sorted())
        case .quantile(_, let level):
            let column = capped(0)
            let values = zip(column.values, column.present).compactMap { $1 ? $0 : nil }.sorted()
            statistic = .quantile(QuantileArmStatistic(sortedValues: values, level: level))
            count = values.count
        case .ratio:
            let numerators = capped(0).values
            let denominators = capped(1).values
            // Exact sums, rounded once: the same whatever order the users came in.
            var sums = (numerator: ExactSum(), numeratorSquares: ExactSum(), denominator: ExactSum(), denominatorSquares: ExactSum(),
                        products: ExactSum())
            for (numerator, denominator) in zip(numerators, denominators) {
                sums.numerator.add(numerator)
                sums.numeratorSquares.add(numerator * numerator)
                sums.denominator.add(denominator)
                sums.denominatorSquares.add(denominator * denominator)
                sums.products.add(numerator * denominator)
            }
            statistic = .ratio(RatioArmStatistic(
                count: min(numerators.count, denominators.count),
                numerator: RatioArmStatistic.Component(
                    sum: sums.numerator.value, sumOfSquares: sums.numeratorSquares.value, isBinary: measurements[indices[0]].isBinary
                ),
                denominator: RatioArmStatistic.Component(
                    sum: sums.denominator.value, sumOfSquares: sums.denominatorSquares.value,
                    isBinary: measurements[indices[1]].isBinary
                ),
                sumOfProducts: sums.products.value
            ))
            count = users
        }
        self.missing = missing
        self.median = median
    }

    /// The mean statistic of `values` from their exact sum and sum of squares, each rounded once: the same whatever
    /// order the users came in, without sorting them.
    private static func meanStatistic(of values: [Double]) -> MeanArmStatistic {
        var sum = ExactSum()
        var squares = ExactSum()
        for value in values {
            sum.add(value)
            squares.add(value * value)
        }
        return MeanArmStatistic(count: values.count, sum: sum.value, sumOfSquares: squares.value)
    }

    /// This arm, as the treatment, against `control`, which must be a sample of the same metric.
    func compared(with control: ArmSample, settings: ComparisonSettings) -> MetricComparison {
        switch (statistic, control.statistic) {
        case let (.proportion(treatment), .proportion(control)):
            MetricComparison(treatment: treatment, control: control, settings: settings)
        case let (.mean(treatment), .mean(control)):
            MetricComparison(treatment: treatment, control: control, settings: settings)
        case let (.ratio(treatment), .ratio(control)):
            MetricComparison(treatment: treatment, control: control, settings: settings)
        case let (.quantile(treatment), .quantile(control)):
            MetricComparison(treatment: treatment, control: control, settings: settings)
        default:
            preconditionFailure("the arms of one metric are samples of one kind")
        }
    }
}
