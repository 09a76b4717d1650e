/// The guardrail and secondary metrics of every treatment against control, corrected across metrics × treatments.
enum MetricComparisons {
    /// One arm: its variant and what was counted of its users (nil when nobody was exposed to it).
    typealias Arm = (name: String, tally: ArmTally?)

    /// Compares each metric of each treatment with control, then adjusts every p-value together; with `bayesian`
    /// settings each comparison also carries its Bayesian reading, which then decides what is significant (see
    /// ``AnalysisEngine``).
    ///
    /// Per-user values are capped first, at one value per measurement taken over every arm's users pooled. A
    /// metric whose measurements the tallies do not hold (a counts file from a query that counted only the
    /// built-in metrics) is left out, and a note says so.
    static func compare(
        _ metrics: ExperimentMetrics, control: Arm, treatments: [Arm], correction: MultipleComparisonCorrection,
        settings: ComparisonSettings, bayesian: BayesianSettings? = nil
    ) -> (reports: [MetricComparisonReport], notes: [String]) {
        var notes: [String] = []
        if !metrics.undefined.isEmpty {
            notes.append("metrics not defined, left out: \(metrics.undefined.joined(separator: ", "))")
        }
        let arms = [control] + treatments
        let columns = metrics.measurements.map { measurement in arms.map { $0.tally?.measured[measurement] } }
        let thresholds = zip(metrics.measurements, columns).map { measurement, columns in
            let counted = columns.compactMap { $0 }
            // Counted columns (entries of many users each) are pooled as they are, never expanded one per user.
            return counted.contains { $0.usersPerEntry != nil }
                ? measurement.cap?.thresholds(pooledEntries: counted.flatMap { Self.entries(of: $0, measuring: measurement) })
                : measurement.cap?.thresholds(pooledValues: counted.flatMap { Self.values(of: $0, measuring: measurement) })
        }
        var uncounted: [String] = []
        var unadjustable: [String] = []
        var reports: [MetricComparisonReport] = []
        for metric in metrics.metrics {
            let indices = metric.reading.measurements
            guard indices.allSatisfy({ index in arms.indices.allSatisfy { arms[$0].tally == nil || columns[index][$0] != nil } }) else {
                uncounted.append(metric.definition.id)
                continue
            }
            let samples = arms.indices.map { arm in
                ArmSample(reading: metric.reading, measurements: metrics.measurements, thresholds: thresholds,
                          columns: indices.map { columns[$0][arm] })
            }
            let adjustment = metrics.adjustment(of: metric)
            let covariates = indices.map { index in
                arms.map { arm in
                    adjustment.flatMap { adjustment in
                        arm.tally?.covariates?[.init(measurement: metrics.measurements[index], lookbackDays: adjustment.lookbackDays)]
                    }
                }
            }
            let hasCovariates = arms.indices.allSatisfy { arm in arms[arm].tally == nil || covariates.allSatisfy { $0[arm] != nil } }
            let adjustedSamples = adjustment != nil && hasCovariates ? arms.indices.map { arm in
                AdjustedArmSample(reading: metric.reading, measurements: metrics.measurements, thresholds: thresholds,
                                  columns: indices.map { columns[$0][arm] }, covariates: covariates.map { $0[arm] })
            } : nil
            if adjustment != nil, adjustedSamples == nil { unadjustable.append(metric.definition.id) }
            for (offset, treatment) in treatments.enumerated() {
                var cuped: (comparison: AdjustedComparison, report: RegressionAdjustmentReport)?
                if let adjustment, let adjustedSamples {
                    let comparison = adjustedSamples[offset + 1].compared(
                        with: adjustedSamples[0], settings: settings, bayesian: bayesian, direction: metric.definition.direction
                    )
                    // The bias check is a fixed-horizon test whatever the metric's method: it reads data already complete.
                    var checkSettings = settings
                    checkSettings.method = .fixedHorizon
                    let check = adjustedSamples[offset + 1].preExposure.compared(with: adjustedSamples[0].preExposure, settings: checkSettings)
                    var adjustmentReport = RegressionAdjustmentReport(
                        lookbackDays: adjustment.lookbackDays, theta: comparison.theta, varianceReduction: comparison.varianceReduction,
                        preExposureDifference: check.absolute?.estimate, preExposurePValue: check.absolute?.pValue
                    )
                    adjustmentReport.treatmentUsersWithHistory = adjustedSamples[offset + 1].usersWithHistory
                    adjustmentReport.controlUsersWithHistory = adjustedSamples[0].usersWithHistory
                    cuped = (comparison, adjustmentReport)
                }
                var metricReport = report(
                    metric, treatment: (treatment.name, samples[offset + 1]), control: (control.name, samples[0]),
                    thresholds: indices.compactMap { thresholds[$0] }, settings: settings, bayesian: bayesian, adjusted: cuped?.comparison
                )
                if let adjustment {
                    metricReport.cuped = cuped?.report ?? RegressionAdjustmentReport(
                        lookbackDays: adjustment.lookbackDays, theta: nil, varianceReduction: nil, unavailable: Self.unavailableFromCounts
                    )
                }
                reports.append(metricReport)
            }
        }
        let notAdjusted = metrics.metrics.filter { metrics.requestedAdjustment(of: $0) != nil && metrics.adjustment(of: $0) == nil }
            .map(\.definition.id)
        if !notAdjusted.isEmpty {
            notes.append("CUPED adjusts proportions, means and ratios only: \(notAdjusted.joined(separator: ", ")) compared unadjusted")
        }
        if !unadjustable.isEmpty {
            notes.append("\(Self.unavailableFromCounts): \(unadjustable.joined(separator: ", ")) compared unadjusted; "
                + "these counts carry no pre-exposure covariates: make them again with this version's switchyard sql, or run report on the logs")
        }
        if !uncounted.isEmpty {
            notes.append("metrics the counts file does not hold, left out: \(uncounted.joined(separator: ", ")); "
                + "count them with this version's `switchyard sql`, or run report on the logs")
        }
        let alpha = settings.effectiveAlpha
        let adjusted = correction.adjust(reports.map(\.pValue))
        for index in reports.indices {
            reports[index].adjustedPValue = adjusted[index]
            if bayesian != nil {
                let chance = reports[index].bayesian?.chanceToWin
                reports[index].isSignificantlyWorse = chance.map { $0 <= alpha } ?? false
                reports[index].isSignificant = chance.map { $0 >= 1 - alpha || $0 <= alpha } ?? false
                continue
            }
            reports[index].isSignificant = adjusted[index] < alpha
            let difference = reports[index].difference ?? 0
            let worse = reports[index].direction == .lowerIsBetter ? difference > 0 : difference < 0
            reports[index].isSignificantlyWorse = reports[index].isSignificant && worse
        }
        return (reports, notes)
    }

    /// The health problem of each CUPED comparison whose arms already differed before exposure (the pre-exposure
    /// bias check's p-value below ``RegressionAdjustmentReport/imbalanceThreshold``).
    static func imbalanceProblems(_ reports: [MetricComparisonReport]) -> [String] {
        reports.compactMap { report in
            guard let cuped = report.cuped, cuped.isImbalanced, let pValue = cuped.preExposurePValue else { return nil }
            return "pre-exposure imbalance in \(report.metric): \(report.variant) and \(report.control) already differed over the "
                + "\(cuped.lookbackDays) days before exposure (\(StatisticsFormatting.pValue(pValue, alpha: RegressionAdjustmentReport.imbalanceThreshold))); "
                + "check that assignment does not depend on past behaviour before trusting any result"
        }
    }

    /// What a CUPED metric's comparison says when its arms' covariates are not known (a counts file holds none).
    static let unavailableFromCounts = "CUPED unavailable from counts"

    /// The words the verdict gains when a guardrail got significantly worse; nil when none did.
    /// The verdict's clause on the goal metrics: how each treatment moved each, or nil without goal metrics.
    static func goalSummary(_ reports: [MetricComparisonReport], alpha: Double) -> String? {
        let goals = reports.filter { $0.role == .goal }
        guard !goals.isEmpty else { return nil }
        let parts = goals.map { report in
            let reading = report.isSignificantlyWorse ? "worse" : report.isSignificant ? "better" : "no significant change"
            if let bayesian = report.bayesian {
                return "\(report.metric) in \(report.variant): " + bayesianClause(bayesian, control: report.control)
            }
            let difference = report.difference.map { _ in "\(signedDifference(of: report)) \(report.name), " } ?? ""
            return "\(report.metric) in \(report.variant) \(reading) (\(difference)"
                + StatisticsFormatting.pValue(report.adjustedPValue, alpha: alpha, label: "adjusted p") + ")"
        }
        return "goal " + parts.joined(separator: "; goal ")
    }

    static func guardrailWarning(_ reports: [MetricComparisonReport], alpha: Double) -> String? {
        let worse = reports.filter { $0.isGuardrail && $0.isSignificantlyWorse }
        guard !worse.isEmpty else { return nil }
        let parts = worse.map { report in
            if let bayesian = report.bayesian {
                return "\(report.metric) got worse in \(report.variant) (" + bayesianClause(bayesian, control: report.control) + ")"
            }
            return "\(report.metric) got significantly worse in \(report.variant) "
                + "(\(signedDifference(of: report)) \(report.name), "
                + StatisticsFormatting.pValue(report.adjustedPValue, alpha: alpha, label: "adjusted p") + ")"
        }
        return "but guardrail " + parts.joined(separator: "; guardrail ")
    }

    /// The treatments whose guardrails got worse (``guardrailWarning(_:alpha:)``), which the verdict does not ship.
    static func variantsWorseOnGuardrails(_ reports: [MetricComparisonReport]) -> Set<String> {
        Set(reports.filter { $0.isGuardrail && $0.isSignificantlyWorse }.map(\.variant))
    }

    /// A metric's difference as its table shows it: percentage points for a share of users (`-4.9 pp`), else the
    /// value (`+637.28`).
    static func signedDifference(of report: MetricComparisonReport) -> String {
        let difference = report.difference ?? 0
        guard report.isShare else { return StatisticsFormatting.signed(difference) }
        return (difference > 0 ? "+" : "") + StatisticsFormatting.signedPercentagePoints(difference) + " pp"
    }

    /// `97.3% chance to beat control, risk 0.12` (the risk of shipping the treatment), or why there is no reading.
    static func bayesianClause(_ reading: BayesianMetricReading, control: String) -> String {
        guard let chance = reading.chanceToWin, let risk = reading.riskTreatment else {
            return "no Bayesian result (\(reading.limitation?.rawValue ?? BayesianLimitation.valueBeyondRange.rawValue))"
        }
        return "\(StatisticsFormatting.chance(chance)) chance to beat \(control), risk \(StatisticsFormatting.number(risk))"
    }

    /// The values of a column a cap is taken over: every user's count or sum, or the durations reached.
    static func values(of column: MeasuredColumn, measuring measurement: MetricMeasurement) -> [Double] {
        guard case .duration = measurement.quantity else { return column.values }
        return zip(column.values, column.present).compactMap { $1 ? $0 : nil }
    }

    /// The values a cap is taken over, each with the users it stands for.
    static func entries(of column: MeasuredColumn, measuring measurement: MetricMeasurement) -> [(value: Double, users: Int)] {
        let isDuration = if case .duration = measurement.quantity { true } else { false }
        return column.values.indices.compactMap { entry in
            isDuration && !column.present[entry] ? nil : (column.values[entry], column.usersPerEntry?[entry] ?? 1)
        }
    }

    private static func report(
        _ metric: ExperimentMetrics.Analysed, treatment: (name: String, sample: ArmSample), control: (name: String, sample: ArmSample),
        thresholds: [MetricCap.Thresholds], settings: ComparisonSettings, bayesian: BayesianSettings?, adjusted: AdjustedComparison?
    ) -> MetricComparisonReport {
        let comparison = adjusted?.comparison ?? treatment.sample.compared(with: control.sample, settings: settings)
        let definition = metric.definition
        var report = MetricComparisonReport(
            metric: definition.id, name: definition.name, kind: definition.kind.name, role: metric.role,
            direction: definition.direction, variant: treatment.name, control: control.name,
            treatmentUsers: treatment.sample.count, controlUsers: control.sample.count,
            treatmentMean: comparison.treatmentEstimate, controlMean: comparison.controlEstimate,
            treatmentMedian: treatment.sample.median, controlMedian: control.sample.median,
            difference: comparison.absolute?.estimate, interval: comparison.absolute?.interval,
            relativeDifference: comparison.relative?.estimate, relativeInterval: comparison.relative?.interval,
            pValue: comparison.pValue, adjustedPValue: comparison.pValue, isSignificant: false, isSignificantlyWorse: false
        )
        if let adjusted {
            // The arms' own values; the difference and its interval are the adjusted ones.
            report.treatmentMean = adjusted.treatmentValue
            report.controlMean = adjusted.controlValue
        }
        if let bayesian {
            let reading = adjusted?.bayesian
                ?? treatment.sample.bayesianCompared(with: control.sample, settings: bayesian, direction: definition.direction)
            report.bayesian = BayesianMetricReading(reading.absolute, prior: bayesian.prior)
        }
        report.limitation = comparison.limitation ?? comparison.relativeLimitation
        switch metric.reading {
        case .duration, .retention:
            report.treatmentMissingUsers = treatment.sample.missing
            report.controlMissingUsers = control.sample.missing
        case .proportion, .mean, .quantile, .ratio:
            break
        }
        let invalid = treatment.sample.invalid + control.sample.invalid
        report.invalidValues = invalid > 0 ? invalid : nil
        // A ratio's sides carry the caps of their own metrics, stated on those metrics' rows.
        if case .ratio = metric.reading {} else {
            report.cap = thresholds.first?.upper
            report.lowerCap = thresholds.first?.lower
        }
        return report
    }
}
