/// One arm's CUPED statistic of one metric (a proportion, a mean, or a ratio of two such), made from the arm's
/// measured columns and covariates with the metric's caps applied to both: what the adjusted comparison compares.
struct AdjustedArmSample: Sendable {
    /// The statistic of the metric's kind.
    enum Statistic: Sendable {
        case mean(RegressionAdjustedArmStatistic)
        case ratio(RegressionAdjustedRatioArmStatistic)
    }

    let statistic: Statistic
    /// Users whose value or covariate, after capping, is not finite: the metric cannot be computed while there are any.
    let nonFinite: Int
    /// The covariates read as the metric reads its values: the arm's pre-exposure statistic, for the bias check.
    let preExposure: ArmSample
    /// Users with history: a covariate other than 0 before capping, on either side of a ratio.
    let usersWithHistory: Int

    /// The sample of `reading` (a proportion, mean or ratio) from `columns` and `covariates`, the arm's columns of the
    /// measurements the reading names, each held between its measurement's thresholds; nil columns are an arm
    /// nobody was exposed to.
    init(
        reading: ExperimentMetrics.Analysed.Reading, measurements: [MetricMeasurement], thresholds: [MetricCap.Thresholds?],
        columns: [MeasuredColumn?], covariates: [[Double]?]
    ) {
        let indices = reading.measurements
        // Counted users come as entries that stand for several users each (``MeasuredColumn/usersPerEntry``).
        let firstColumn = columns.first ?? nil
        let usersPerEntry = firstColumn?.usersPerEntry
        /// The reading's `position`-th measurement's values (1 or 0 for a proportion) and covariates, capped.
        func capped(_ position: Int) -> (values: [Double], covariates: [Double]) {
            let column = columns[position] ?? MeasuredColumn(values: [], present: [])
            let covariate = covariates[position] ?? []
            let values = measurements[indices[position]].isBinary ? column.present.map { $0 ? 1.0 : 0.0 } : column.values
            guard let threshold = thresholds[indices[position]] else { return (values, covariate) }
            return (values.map { threshold.apply(to: $0) }, covariate.map { threshold.apply(to: $0) })
        }
        var nonFinite = 0
        switch reading {
        case .ratio:
            let numerator = capped(0), denominator = capped(1)
            var statistic = RegressionAdjustedRatioArmStatistic(numeratorIsBinary: measurements[indices[0]].isBinary)
            statistic.sums[1].isBinary = measurements[indices[1]].isBinary
            statistic.sums[3].isBinary = measurements[indices[1]].isBinary
            for user in numerator.values.indices {
                let values = [numerator.values[user], denominator.values[user], numerator.covariates[user], denominator.covariates[user]]
                let users = usersPerEntry?[user] ?? 1
                guard values.allSatisfy(\.isFinite) else {
                    nonFinite += users
                    continue
                }
                statistic.add(values, times: users)
            }
            self.statistic = .ratio(statistic)
        default:
            let metric = capped(0)
            var statistic = RegressionAdjustedArmStatistic(isBinary: measurements[indices[0]].isBinary)
            for (entry, (value, covariate)) in zip(metric.values, metric.covariates).enumerated() {
                let users = usersPerEntry?[entry] ?? 1
                guard value.isFinite, covariate.isFinite else {
                    nonFinite += users
                    continue
                }
                statistic.add(value: value, covariate: covariate, times: users)
            }
            self.statistic = .mean(statistic)
        }
        self.nonFinite = nonFinite
        var usersWithHistory = 0
        let entries = covariates.compactMap { $0 }.map(\.count).max() ?? 0
        for entry in 0..<entries where covariates.contains(where: { column in column.map { entry < $0.count && $0[entry] != 0 } ?? false }) {
            usersWithHistory += usersPerEntry?[entry] ?? 1
        }
        self.usersWithHistory = usersWithHistory
        let preExposureColumns = covariates.map { column in
            column.map { MeasuredColumn(values: $0, present: $0.map { $0 != 0 }, usersPerEntry: usersPerEntry) }
        }
        preExposure = ArmSample(reading: reading, measurements: measurements, thresholds: thresholds, columns: preExposureColumns)
    }

    /// This arm, as the treatment, against `control`, a sample of the same metric, adjusted by the slope pooled over
    /// both, with the Bayesian reading when `bayesian` settings are given.
    func compared(
        with control: AdjustedArmSample, settings: ComparisonSettings, bayesian: BayesianSettings?, direction: MetricDirection
    ) -> AdjustedComparison {
        guard nonFinite == 0, control.nonFinite == 0 else {
            return AdjustedComparison(
                comparison: MetricComparison(untestable: .valueBeyondRange, settings: settings),
                bayesian: bayesian.map { _ in
                    BayesianComparison(absolute: .notComputed(.valueBeyondRange), relative: .notComputed(.valueBeyondRange))
                },
                theta: nil, varianceReduction: nil, treatmentValue: nil, controlValue: nil
            )
        }
        switch (statistic, control.statistic) {
        case let (.mean(treatment), .mean(control)):
            let arms = RegressionAdjustedArms(treatment: treatment, control: control)
            return AdjustedComparison(
                comparison: MetricComparison(treatment: arms.treatment, control: arms.control, settings: settings),
                bayesian: bayesian.map {
                    BayesianComparison(treatment: arms.treatment, control: arms.control, settings: $0, direction: direction)
                },
                theta: arms.slope.theta, varianceReduction: arms.varianceRatio.map { 1 - $0 },
                treatmentValue: arms.treatment.unadjustedEstimate, controlValue: arms.control.unadjustedEstimate
            )
        case let (.ratio(treatment), .ratio(control)):
            let arms = RegressionAdjustedRatioArms(treatment: treatment, control: control)
            let unadjusted = (RegressionAdjustedRatioArm(treatment, theta: 0), RegressionAdjustedRatioArm(control, theta: 0))
            return AdjustedComparison(
                comparison: MetricComparison(treatment: arms.treatment, control: arms.control, settings: settings),
                bayesian: bayesian.map {
                    BayesianComparison(treatment: arms.treatment, control: arms.control, settings: $0, direction: direction)
                },
                theta: arms.theta,
                varianceReduction: Self.varianceReduction(adjusted: (arms.treatment, arms.control), unadjusted: unadjusted),
                treatmentValue: arms.treatment.unadjustedEstimate, controlValue: arms.control.unadjustedEstimate
            )
        default:
            preconditionFailure("the arms of one metric are samples of one kind")
        }
    }

    /// 1 − the adjusted difference's squared standard error over the unadjusted one's; nil when either is not a
    /// finite positive number.
    private static func varianceReduction(
        adjusted: (RegressionAdjustedRatioArm, RegressionAdjustedRatioArm), unadjusted: (RegressionAdjustedRatioArm, RegressionAdjustedRatioArm)
    ) -> Double? {
        func squaredError(_ arms: (RegressionAdjustedRatioArm, RegressionAdjustedRatioArm)) -> Double? {
            guard arms.0.count > 0, arms.1.count > 0 else { return nil }
            let error = arms.0.unitVariance / Double(arms.0.count) + arms.1.unitVariance / Double(arms.1.count)
            return error.isFinite && error > 0 ? error : nil
        }
        guard let adjustedError = squaredError(adjusted), let unadjustedError = squaredError(unadjusted) else { return nil }
        return 1 - adjustedError / unadjustedError
    }
}

/// A CUPED comparison of one treatment with control and what the report states of the adjustment.
struct AdjustedComparison: Sendable {
    /// The adjusted comparison.
    var comparison: MetricComparison
    /// The adjusted Bayesian comparison, under the Bayesian engine.
    var bayesian: BayesianComparison?
    /// The pooled slope; nil when the metric could not be computed.
    var theta: Double?
    /// 1 − adjusted over unadjusted variance of the difference.
    var varianceReduction: Double?
    /// The treatment's own (unadjusted) value of the metric.
    var treatmentValue: Double?
    /// Control's own value of the metric.
    var controlValue: Double?
}
