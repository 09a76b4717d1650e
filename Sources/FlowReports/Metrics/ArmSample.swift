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
    /// Users measured: all of the arm's, but for a duration or a quantile those with a value, and for a retention
    /// metric those whose window ended within the log.
    let count: Int
    /// For a duration, the arm's users who never reached its end; for a retention metric, those whose window had
    /// not ended when the log did.
    let missing: Int
    /// Events whose number was missing or not a number.
    let invalid: Int
    /// Users whose value, after capping, is not finite (a sum beyond the largest Double): the metric cannot be
    /// computed while there are any.
    let nonFinite: Int
    /// For a duration, the median (nearest rank) of the values.
    let median: Double?

    /// The sample of `reading` from `columns`, the arm's columns of the measurements the reading names (nil for an
    /// arm nobody was exposed to), each held between its thresholds.
    init(
        reading: ExperimentMetrics.Analysed.Reading, measurements: [MetricMeasurement], thresholds: [MetricCap.Thresholds?],
        columns: [MeasuredColumn?]
    ) {
        let indices = reading.measurements
        let empty = MeasuredColumn(values: [], present: [])
        /// The column of the reading's `position`-th measurement, capped, its values in user order.
        func capped(_ position: Int) -> (values: [Double], present: [Bool]) {
            let column = columns[position] ?? empty
            guard let threshold = thresholds[indices[position]] else { return (column.values, column.present) }
            return (column.values.map { threshold.apply(to: $0) }, column.present)
        }
        invalid = columns.reduce(0) { $0 + ($1?.invalid ?? 0) }
        if let first = columns.first ?? nil, let usersPerEntry = first.usersPerEntry {
            let sample = Self.weighted(
                reading: reading, measurements: measurements, columns: indices.indices.map(capped), usersPerEntry: usersPerEntry
            )
            statistic = sample.statistic
            count = sample.count
            missing = sample.missing
            median = sample.median
            nonFinite = sample.nonFinite
            return
        }
        let users = (columns.first ?? nil)?.values.count ?? 0
        var missing = 0
        var median: Double?
        var nonFinite = 0
        switch reading {
        case .proportion:
            let present = capped(0).present
            statistic = .proportion(ProportionArmStatistic(users: users, successes: present.lazy.filter { $0 }.count))
            count = users
        case .retention:
            let column = capped(0)
            let measured = column.present.lazy.filter { $0 }.count
            let retained = zip(column.values, column.present).lazy.filter { $0.1 && $0.0 > 0 }.count
            statistic = .proportion(ProportionArmStatistic(users: measured, successes: retained))
            count = measured
            missing = users - measured
        case .mean:
            let values = capped(0).values
            nonFinite = values.lazy.filter { !$0.isFinite }.count
            statistic = .mean(MeanArmStatistic(values: values.lazy.filter(\.isFinite)))
            count = users
        case .duration:
            let column = capped(0)
            let reached = zip(column.values, column.present).compactMap { $1 ? $0 : nil }
            statistic = .mean(MeanArmStatistic(values: reached))
            count = reached.count
            missing = users - reached.count
            median = NearestRankQuantile.value(level: 0.5, ofSorted: reached.sorted())
        case .quantile(_, let level):
            let column = capped(0)
            let values = zip(column.values, column.present).compactMap { $1 ? $0 : nil }
            nonFinite = values.lazy.filter { !$0.isFinite }.count
            statistic = .quantile(QuantileArmStatistic(sortedValues: values.filter(\.isFinite).sorted(), level: level))
            count = values.count
        case .ratio:
            let numerators = capped(0).values
            let denominators = capped(1).values
            var sums = (numerator: ExactBinarySum(), numeratorSquares: ExactBinarySum(), denominator: ExactBinarySum(),
                        denominatorSquares: ExactBinarySum(), products: ExactBinarySum())
            for (numerator, denominator) in zip(numerators, denominators) {
                guard numerator.isFinite, denominator.isFinite else {
                    nonFinite += 1
                    continue
                }
                sums.numerator.add(numerator)
                sums.numeratorSquares.addSquare(numerator)
                sums.denominator.add(denominator)
                sums.denominatorSquares.addSquare(denominator)
                sums.products.addProduct(numerator, denominator)
            }
            statistic = .ratio(RatioArmStatistic(
                count: min(numerators.count, denominators.count),
                numerator: RatioArmStatistic.Component(
                    sum: sums.numerator.number, sumOfSquares: sums.numeratorSquares.number, isBinary: measurements[indices[0]].isBinary
                ),
                denominator: RatioArmStatistic.Component(
                    sum: sums.denominator.number, sumOfSquares: sums.denominatorSquares.number,
                    isBinary: measurements[indices[1]].isBinary
                ),
                sumOfProducts: sums.products.number
            ))
            count = users
        }
        self.missing = missing
        self.median = median
        self.nonFinite = nonFinite
    }

    /// The statistic of `reading` from capped `columns` whose entries stand for `usersPerEntry` users each: the
    /// same numbers as from the columns expanded to one entry per user, since every sum is exact and so does not
    /// depend on how the users are grouped or ordered.
    private static func weighted(
        reading: ExperimentMetrics.Analysed.Reading, measurements: [MetricMeasurement],
        columns: [(values: [Double], present: [Bool])], usersPerEntry: [Int]
    ) -> (statistic: Statistic, count: Int, missing: Int, median: Double?, nonFinite: Int) {
        let users = usersPerEntry.reduce(0, +)
        let first = columns[0]
        switch reading {
        case .proportion:
            let successes = zip(first.present, usersPerEntry).reduce(0) { $0 + ($1.0 ? $1.1 : 0) }
            return (.proportion(ProportionArmStatistic(users: users, successes: successes)), users, 0, nil, 0)
        case .retention:
            var measured = 0
            var retained = 0
            for (entry, weight) in usersPerEntry.enumerated() where first.present[entry] {
                measured += weight
                if first.values[entry] > 0 { retained += weight }
            }
            return (.proportion(ProportionArmStatistic(users: measured, successes: retained)), measured, users - measured, nil, 0)
        case .mean:
            var sums = WeightedSums()
            var nonFinite = 0
            for (value, weight) in zip(first.values, usersPerEntry) {
                guard value.isFinite else {
                    nonFinite += weight
                    continue
                }
                sums.add(value, users: weight)
            }
            return (.mean(sums.meanStatistic), users, 0, nil, nonFinite)
        case .duration:
            var sums = WeightedSums()
            var reached: [(value: Double, users: Int)] = []
            for (entry, weight) in usersPerEntry.enumerated() where first.present[entry] {
                sums.add(first.values[entry], users: weight)
                reached.append((first.values[entry], weight))
            }
            let median = WeightedSortedValues(reached).nearestRank(level: 0.5)
            return (.mean(sums.meanStatistic), sums.users, users - sums.users, median, 0)
        case .quantile(_, let level):
            var entries: [(value: Double, users: Int)] = []
            var nonFinite = 0
            for (entry, weight) in usersPerEntry.enumerated() where first.present[entry] {
                entries.append((first.values[entry], weight))
                if !first.values[entry].isFinite { nonFinite += weight }
            }
            let values = WeightedSortedValues(entries)
            return (.quantile(QuantileArmStatistic(weighted: values, level: level)), values.count + nonFinite, 0, nil, nonFinite)
        case .ratio:
            let (numerators, denominators) = (first.values, columns[1].values)
            var numerator = WeightedSums()
            var denominator = WeightedSums()
            var products = ExactBinaryNumber(0)
            var nonFinite = 0
            for (entry, weight) in usersPerEntry.enumerated() {
                let (top, bottom) = (numerators[entry], denominators[entry])
                guard top.isFinite, bottom.isFinite else {
                    nonFinite += weight
                    continue
                }
                numerator.add(top, users: weight)
                denominator.add(bottom, users: weight)
                if top != 0, bottom != 0 {
                    products += ExactBinaryNumber(top) * ExactBinaryNumber(bottom) * ExactBinaryNumber(weight)
                }
            }
            let indices = reading.measurements
            let statistic = RatioArmStatistic(
                count: users,
                numerator: RatioArmStatistic.Component(
                    sum: numerator.sum, sumOfSquares: numerator.sumOfSquares, isBinary: measurements[indices[0]].isBinary
                ),
                denominator: RatioArmStatistic.Component(
                    sum: denominator.sum, sumOfSquares: denominator.sumOfSquares, isBinary: measurements[indices[1]].isBinary
                ),
                sumOfProducts: products
            )
            return (.ratio(statistic), users, 0, nil, nonFinite)
        }
    }

    /// The Bayesian comparison of this arm, as the treatment, with `control`, a sample of the same metric.
    func bayesianCompared(with control: ArmSample, settings: BayesianSettings, direction: MetricDirection) -> BayesianComparison {
        guard nonFinite == 0, control.nonFinite == 0 else {
            return BayesianComparison(absolute: .notComputed(.valueBeyondRange), relative: .notComputed(.valueBeyondRange))
        }
        return switch (statistic, control.statistic) {
        case let (.proportion(treatment), .proportion(control)):
            BayesianComparison(treatment: treatment, control: control, settings: settings, direction: direction)
        case let (.mean(treatment), .mean(control)):
            BayesianComparison(treatment: treatment, control: control, settings: settings, direction: direction)
        case let (.ratio(treatment), .ratio(control)):
            BayesianComparison(treatment: treatment, control: control, settings: settings, direction: direction)
        case let (.quantile(treatment), .quantile(control)):
            BayesianComparison(treatment: treatment, control: control, settings: settings, direction: direction)
        default:
            preconditionFailure("the arms of one metric are samples of one kind")
        }
    }

    /// This arm, as the treatment, against `control`, which must be a sample of the same metric.
    func compared(with control: ArmSample, settings: ComparisonSettings) -> MetricComparison {
        guard nonFinite == 0, control.nonFinite == 0 else { return MetricComparison(untestable: .valueBeyondRange, settings: settings) }
        return switch (statistic, control.statistic) {
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
