extension ExperimentReport {
    /// The comparison of each treatment with the control, by variant: built once per experiment, so that a
    /// renderer looking up every arm stays linear in the variants.
    var comparisonsByVariant: [String: TreatmentComparison] {
        Dictionary(analysis.comparisons.map { ($0.variant, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The sample-ratio check when it flags a mismatch.
    var sampleRatioMismatch: SampleRatioCheck? {
        guard let check = analysis.sampleRatio, check.isMismatch else { return nil }
        return check
    }

    /// The health checks in one line, each with its finding, e.g. `sample ratio ok (chi-square p 0.412); users
    /// exposed to more than one variant 0.0% (0) ok, under 1%; pre-exposure balance ok (smallest p 0.310)`, the
    /// last for CUPED's bias check; nil when no check was run.
    var healthDescription: String? {
        var checks: [String] = []
        if let check = analysis.sampleRatio {
            checks.append("sample ratio \(check.isMismatch ? "MISMATCH" : "ok") (chi-square p \(ReportNumberFormat.pValue(check.pValue)))")
        }
        if let check = analysis.multipleExposures {
            let finding = check.isFlagged ? "TOO MANY, at least" : "ok, under"
            checks.append(
                "users exposed to more than one variant \(StatisticsFormatting.percentage(check.share * 100)) (\(ReportNumberFormat.count(check.users))) "
                    + "\(finding) \(StatisticsFormatting.percentage(check.threshold * 100))"
            )
        }
        if let balance = preExposureBalanceDescription { checks.append(balance) }
        return checks.isEmpty ? nil : checks.joined(separator: "; ")
    }

    /// CUPED's pre-exposure bias check over the metrics it ran on, e.g. `pre-exposure balance ok (smallest p
    /// 0.310)` or `pre-exposure IMBALANCE in orders (B, p < 0.001)`; nil when it ran on none.
    private var preExposureBalanceDescription: String? {
        let checked = metrics.compactMap { metric in metric.cuped?.preExposurePValue.map { (metric: metric, pValue: $0) } }
        guard let smallest = checked.map(\.pValue).min() else { return nil }
        let imbalanced = checked.filter { $0.metric.cuped?.isImbalanced == true }
        guard !imbalanced.isEmpty else { return "pre-exposure balance ok (smallest p \(ReportNumberFormat.pValue(smallest)))" }
        return "pre-exposure IMBALANCE in " + imbalanced.map { "\($0.metric.metric) (\($0.metric.variant), p \(ReportNumberFormat.pValue($0.pValue)))" }
            .joined(separator: ", ")
    }

    /// One line describing how the funnel was measured, e.g. `goal flow_completed within 14d; steps: screens as first shown`.
    var funnelDescription: String {
        let steps = stepsDiscovered ? "screens as first shown" : "configured"
        return "goal \(goal) within \(ReportNumberFormat.window(seconds: conversionWindowSeconds)); steps: \(steps)"
    }
}

extension ExperimentReport {
    /// How the intervals and p-values were computed, e.g. `tests: sequential, valid at every look (tuned for 5,000 users)`.
    var testDescription: String {
        guard analysis.method == TestingMethod.sequential.name else { return "tests: fixed horizon, valid at one planned look" }
        let tuning = analysis.sequentialTuningUsers.map { " (tuned for \(ReportNumberFormat.count(Int($0.rounded()))) users)" } ?? ""
        return "tests: sequential, valid at every look\(tuning)"
    }
}

extension ExperimentReport {
    /// Column headers of the guardrail and secondary metrics table.
    static let metricHeaders = ["Metric", "Variant", "Control", "Treatment", "Diff", "CI", "Relative", "p", "Adj. p", "Reading"]

    /// Column headers of the guardrail and secondary metrics table under the Bayesian engine: chance to win and
    /// the treatment's risk in place of the p-values.
    static let bayesianMetricHeaders = ["Metric", "Variant", "Control", "Treatment", "Diff", "CI", "Relative", "Chance to win", "Risk", "Reading"]

    /// Whether the defined metrics were judged by the Bayesian engine: their comparisons carry Bayesian readings.
    var usesBayesianEngine: Bool {
        metrics.contains { $0.bayesian != nil }
    }

    /// This report's metric table headers, aligned with ``metricRows``.
    var metricTableHeaders: [String] {
        usesBayesianEngine ? Self.bayesianMetricHeaders : Self.metricHeaders
    }

    /// One row per metric and treatment, as plain text cells aligned with ``metricHeaders``; names cut to
    /// ``TerminalText/nameLimit``.
    var metricRows: [[String]] {
        metrics.map { metric in
            let name = TerminalText.capped(metric.name) + (metric.role == .secondary ? "" : " (\(metric.role.rawValue))")
            let reading = metric.isSignificantlyWorse ? (metric.isGuardrail ? "WORSE" : "worse")
                : metric.isSignificant ? "better" : "no significant change"
            let isShare = metric.isShare
            let places = metric.decimalPlaces
            func number(_ value: Double) -> String {
                isShare ? ReportNumberFormat.percent(value) : ReportNumberFormat.fixed(value, places: places)
            }
            func value(_ mean: Double?, _ median: Double?) -> String {
                (mean.map(number) ?? "–") + (median.map { " (median \(ReportNumberFormat.fixed($0, places: 1)))" } ?? "")
            }
            let difference = metric.difference.map { difference in
                isShare ? ReportNumberFormat.percentagePoints(difference)
                    : (difference > 0 ? "+" : "") + ReportNumberFormat.fixed(difference, places: places)
            } ?? "–"
            let interval = metric.interval.map {
                isShare ? ReportNumberFormat.percentagePointInterval($0)
                    : "[\(ReportNumberFormat.fixed($0.lower, places: places)), \(ReportNumberFormat.fixed($0.upper, places: places))]"
            } ?? "–"
            let relative = metric.relativeDifference.map { estimate in
                ReportNumberFormat.signedPercent(estimate) + (metric.relativeInterval.map {
                    " [\(ReportNumberFormat.signedPercent($0.lower)), \(ReportNumberFormat.signedPercent($0.upper))]"
                } ?? "")
            } ?? "–"
            return [
                name, TerminalText.capped(metric.variant), value(metric.controlMean, metric.controlMedian),
                value(metric.treatmentMean, metric.treatmentMedian), difference, interval, relative,
            ] + tests(of: metric) + [reading]
        }
    }

    /// The cells of a metric's test: chance to win and the treatment's risk under the Bayesian engine, else the
    /// p-value and the adjusted p-value.
    private func tests(of metric: MetricComparisonReport) -> [String] {
        guard let bayesian = metric.bayesian else {
            return [ReportNumberFormat.pValue(metric.pValue), ReportNumberFormat.pValue(metric.adjustedPValue)]
        }
        guard let chance = bayesian.chanceToWin, let risk = bayesian.riskTreatment else { return ["–", "–"] }
        return [StatisticsFormatting.chance(chance), StatisticsFormatting.number(risk)]
    }

    /// The metrics compared, each once, in report order.
    var metricIDs: [String] {
        var seen: Set<String> = []
        return metrics.map(\.metric).filter { seen.insert($0).inserted }
    }

    /// One line per metric comparison with something to say beside its row: a cap, users missing a duration's
    /// end or a retention window's, values that were not numbers, or why there is no test.
    var metricNotes: [String] {
        metrics.compactMap { metric in
            var parts: [String] = []
            switch (metric.lowerCap, metric.cap) {
            case let (lower?, upper?):
                parts.append("values held between \(ReportNumberFormat.trimmed(lower, places: 4)) and \(ReportNumberFormat.trimmed(upper, places: 4))")
            case let (lower?, nil): parts.append("values raised to at least \(ReportNumberFormat.trimmed(lower, places: 4))")
            case let (nil, upper?): parts.append("values capped at \(ReportNumberFormat.trimmed(upper, places: 4))")
            case (nil, nil): break
            }
            if let treatment = metric.treatmentMissingUsers, let control = metric.controlMissingUsers, treatment + control > 0 {
                let who = metric.kind == "retention"
                    ? "users not measured, their last day not over when the log ended"
                    : "users who never reached its end"
                parts.append("\(who): \(ReportNumberFormat.count(control)) in \(metric.control), "
                    + "\(ReportNumberFormat.count(treatment)) in \(metric.variant)")
            }
            if let invalid = metric.invalidValues {
                parts.append("\(ReportNumberFormat.count(invalid)) events whose value was missing or not a number were skipped")
            }
            if let limitation = metric.limitation { parts.append(limitation.explanation) }
            if let cuped = metric.cuped { parts.append(Self.cupedNote(cuped, users: metric.treatmentUsers + metric.controlUsers)) }
            return parts.isEmpty ? nil : "\(metric.name), \(metric.variant): " + parts.joined(separator: "; ")
        }
    }
}

extension ExperimentReport {
    /// `CUPED: interval 23.4% narrower (14-day lookback, θ 0.81, history for 62% of users), pre-exposure difference
    /// p = 0.42`, the bias check's flag when the arms differed before exposure, or why there is no adjustment; when
    /// no user had history, that it is the unadjusted comparison. `users` are the two arms' users.
    static func cupedNote(_ cuped: RegressionAdjustmentReport, users: Int? = nil) -> String {
        if let unavailable = cuped.unavailable { return unavailable + " (compared unadjusted)" }
        let withHistory = cuped.treatmentUsersWithHistory.flatMap { treatment in cuped.controlUsersWithHistory.map { treatment + $0 } }
        if withHistory == 0 {
            return "CUPED: no user had history in the \(cuped.lookbackDays)-day lookback, so it is the comparison without CUPED"
        }
        var note = "CUPED: "
        if let narrowing = cuped.intervalNarrowing {
            note += narrowing >= 0
                ? "interval \(ReportNumberFormat.trimmed(narrowing * 100, places: 1))% narrower"
                : "interval \(ReportNumberFormat.trimmed(-narrowing * 100, places: 1))% wider"
        } else {
            note += "no interval to narrow"
        }
        let history = withHistory.flatMap { count in users.flatMap { $0 > 0 ? ", history for \(ReportNumberFormat.percent(Double(count) / Double($0))) of users" : nil } } ?? ""
        note += " (\(cuped.lookbackDays)-day lookback, θ \(cuped.theta.map { ReportNumberFormat.trimmed($0, places: 4) } ?? "–")\(history))"
        if let pValue = cuped.preExposurePValue {
            note += cuped.isImbalanced
                ? ", pre-exposure imbalance: the arms already differed before exposure ("
                    + StatisticsFormatting.pValue(pValue, alpha: RegressionAdjustmentReport.imbalanceThreshold) + ")"
                : ", pre-exposure difference " + StatisticsFormatting.pValue(pValue, alpha: RegressionAdjustmentReport.imbalanceThreshold)
        }
        return note
    }
}

extension ExperimentReport {
    /// One plain-text line per segment (its users per arm and verdict) and per treatment's interaction test; names
    /// cut to ``TerminalText/nameLimit``.
    var segmentLines: [String] {
        guard let segmentBy else { return [] }
        var lines = segments.map { segment in
            let users = segment.analysis.comparisons.first.map { first in
                ([first.controlCounts.users] + segment.analysis.comparisons.map(\.treatmentCounts.users))
                    .map(ReportNumberFormat.count).joined(separator: " / ")
            } ?? ""
            let mismatch = segment.analysis.sampleRatio?.isMismatch == true ? " [sample ratio mismatch]" : ""
            return "\(TerminalText.capped(segmentBy)) = \(TerminalText.capped(segment.value)) (users \(users))\(mismatch): \(segment.analysis.verdict)"
        }
        for interaction in segmentInteractions {
            let reading = interaction.differsBetweenSegments ? "differs between segments" : "no significant difference between segments"
            lines.append("\(TerminalText.capped(interaction.variant)): effect \(reading) (Cochran's Q over \(interaction.segments) segments, "
                + "p \(ReportNumberFormat.pValue(interaction.pValue)))")
        }
        return lines
    }
}

extension ArmReport {
    /// What follows the arm's name where it is listed: a mark when the configuration does not list it.
    var configurationMark: String {
        notInConfiguration == true ? " (not in config)" : ""
    }
}

extension SampleRatioCheck {
    /// The observed and expected split in words, e.g. `observed 120 / 80, expected 50.0% / 50.0%`.
    var splitDescription: String {
        let total = expectedWeights.reduce(0, +)
        let expected = expectedWeights.map { ReportNumberFormat.percent(total > 0 ? $0 / total : 0) }
        return "observed \(observed.map(ReportNumberFormat.count).joined(separator: " / ")), "
            + "expected \(expected.joined(separator: " / ")) (chi-square p \(ReportNumberFormat.pValue(pValue)))"
    }
}

extension MetricComparisonReport {
    /// The decimals its values are shown with: two, or more for values below 1 so that three significant digits
    /// show (0.0312 rather than 0.03), at most six.
    var decimalPlaces: Int {
        let magnitude = max(abs(controlMean ?? 0), abs(treatmentMean ?? 0))
        guard magnitude > 0, magnitude.isFinite else { return 2 }
        var places = 2
        while places < 6, magnitude * Double(repeatElement(10, count: places).reduce(1, *)) < 100 {
            places += 1
        }
        return places
    }
}
