/// Renders a report as aligned text columns for a terminal, optionally with ANSI colours.
///
/// Per experiment: a headline verdict line, a sample-ratio warning line when the check flags a mismatch, the
/// goal comparison per variant, the funnel per variant and step, and back navigations and failures per screen.
/// User-supplied names are printed with control characters, line separators and bidirectional overrides replaced
/// by `?`, so they cannot inject escape sequences, break lines or reorder what follows them; a name is cut to
/// `TerminalText.nameLimit` characters and a longer text to `TerminalText.textLimit` (`TerminalText`).
public struct TableRenderer: ReportRenderer {
    /// Whether to use ANSI colours; the caller decides (a TTY, and `NO_COLOR` unset).
    public var colors: Bool

    /// Creates a renderer.
    public init(colors: Bool) {
        self.colors = colors
    }

    /// The complete output for `report`, ending in a newline.
    public func render(_ report: Report) -> String {
        var lines: [String] = []
        let inputs = report.inputs.map(text).joined(separator: ", ")
        lines.append(style(.bold, "Switchyard \(report.mode.rawValue)") + (inputs.isEmpty ? "" : " of \(inputs)")
            + " (alpha \(ReportNumberFormat.trimmed(report.alpha, places: 4)))")
        for diagnostic in report.diagnostics {
            lines.append(style(.yellow, "note: ") + text(diagnostic))
        }
        for experiment in report.experiments {
            lines.append("")
            lines.append(contentsOf: experimentLines(experiment, alpha: report.alpha))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func experimentLines(_ experiment: ExperimentReport, alpha: Double) -> [String] {
        let key = name(experiment.key)
        let control = name(experiment.control)
        var lines = [style(.bold, "Experiment \(key)") + " (control: \(control))"]
        let verdictStyle: ANSIStyle = experiment.analysis.health.isHealthy ? .bold : .boldRed
        lines.append(style(verdictStyle, "Verdict: \(text(experiment.analysis.verdict))"))
        if let health = experiment.healthDescription {
            lines.append(experiment.analysis.health.isHealthy ? "Health: \(health)" : style(.boldYellow, "Health: \(health)"))
        }
        if let mismatch = experiment.sampleRatioMismatch {
            lines.append(style(.boldYellow, "WARNING: sample ratio mismatch: \(mismatch.splitDescription)"))
        }
        for note in experiment.notes {
            lines.append(style(.yellow, "note: ") + text(note))
        }
        if experiment.excludedMultiVariantUsers > 0 {
            lines.append("Excluded: \(ReportNumberFormat.count(experiment.excludedMultiVariantUsers)) users exposed to more than one variant")
        }
        lines.append(text(experiment.funnelDescription) + "; " + experiment.testDescription)
        lines.append("")
        lines.append(contentsOf: goalTable(experiment, alpha: alpha).lines(colors: colors))
        lines.append("")
        if !experiment.segmentLines.isEmpty {
            lines.append(style(.bold, "Segments by \(name(experiment.segmentBy ?? ""))"))
            lines.append(contentsOf: experiment.segmentLines.map { "  " + text($0) })
            lines.append("")
        }
        if !experiment.metrics.isEmpty {
            var metrics = TextTable(
                headers: experiment.metricTableHeaders,
                alignments: [.left, .left, .right, .right, .right, .right, .right, .right, .right, .left]
            )
            for (row, metric) in zip(experiment.metricRows, experiment.metrics) {
                let style: ANSIStyle? = metric.isSignificantlyWorse ? .red : metric.isSignificant ? .green : nil
                metrics.rows.append(row.enumerated().map { TextTable.Cell($1, style: $0 == row.count - 1 ? style : nil) })
            }
            lines.append(contentsOf: metrics.lines(colors: colors))
            lines.append(contentsOf: experiment.metricNotes.map { style(.yellow, "note: ") + text($0) })
            lines.append("")
        }
        lines.append(contentsOf: funnelTable(experiment).lines(colors: colors))
        if !experiment.stepDecompositions.isEmpty {
            lines.append("")
            lines.append(contentsOf: stepTermTable(experiment).lines(colors: colors))
            lines.append(contentsOf: experiment.stepTermNotes.map { style(.yellow, "note: ") + text($0) })
        }
        if !experiment.stepTimes.isEmpty {
            lines.append("")
            lines.append(contentsOf: stepTimeTable(experiment).lines(colors: colors))
            lines.append(contentsOf: experiment.stepTimeNotes.map { style(.yellow, "note: ") + text($0) })
        }
        let screens = screenTable(experiment)
        if !screens.rows.isEmpty {
            lines.append("")
            lines.append(contentsOf: screens.lines(colors: colors))
        }
        if experiment.arms.contains(where: { $0.paths != nil }) {
            lines.append("")
            lines.append(contentsOf: pathTable(experiment).lines(colors: colors))
        }
        if !experiment.pathShareRows.isEmpty {
            lines.append("")
            var table = TextTable(
                headers: ExperimentReport.pathShareHeaders,
                alignments: [.left, .left, .right, .right, .right, .right, .right, .left]
            )
            for row in experiment.pathShareRows {
                let style: ANSIStyle? = row.last == "no significant change" ? nil : .yellow
                table.rows.append(row.enumerated().map { TextTable.Cell($1, style: $0 == row.count - 1 ? style : nil) })
            }
            lines.append(contentsOf: table.lines(colors: colors))
            lines.append(contentsOf: experiment.pathShareNotes.map { style(.yellow, "note: ") + text($0) })
        }
        return lines
    }

    private func goalTable(_ experiment: ExperimentReport, alpha: Double) -> TextTable {
        var table = TextTable(
            headers: ["Variant", "Users", "Goal", "Rate", "Diff", "\(ReportNumberFormat.confidenceLevel(alpha: alpha)) CI",
                      "Uplift", "p", "Adj. p", "P(beat)"],
            alignments: [.left, .right, .right, .right, .right, .right, .right, .right, .right, .right]
        )
        let comparisons = experiment.comparisonsByVariant
        for arm in experiment.arms {
            var row: [TextTable.Cell] = [
                TextTable.Cell(TerminalText.capped(arm.variant) + (arm.variant == experiment.control ? " (control)" : "") + arm.configurationMark),
                TextTable.Cell(ReportNumberFormat.count(arm.users)),
                TextTable.Cell(ReportNumberFormat.count(arm.goalConversions)),
                TextTable.Cell(ReportNumberFormat.percent(arm.goalConversionRate)),
            ]
            if let comparison = comparisons[arm.variant] {
                let significance: ANSIStyle? = comparison.isSignificant
                    ? (comparison.absoluteDifference > 0 ? .green : .red) : nil
                row += [
                    TextTable.Cell(ReportNumberFormat.percentagePoints(comparison.absoluteDifference), style: significance),
                    TextTable.Cell(ReportNumberFormat.percentagePointInterval(comparison.absoluteInterval)),
                    TextTable.Cell(comparison.relativeUplift.map(ReportNumberFormat.signedPercent) ?? "–"),
                    TextTable.Cell(ReportNumberFormat.pValue(comparison.pValue)),
                    TextTable.Cell(ReportNumberFormat.pValue(comparison.adjustedPValue), style: significance),
                    TextTable.Cell(comparison.chanceToBeatControl.map(ReportNumberFormat.percent) ?? "–"),
                ]
            } else {
                row += Array(repeating: TextTable.Cell("–"), count: 6)
            }
            table.rows.append(row)
        }
        return table
    }

    private func funnelTable(_ experiment: ExperimentReport) -> TextTable {
        var table = TextTable(
            headers: ["Variant", "Step", "Users", "Of all", "Of previous", "Drop-off", "Median", "p90"],
            alignments: [.left, .left, .right, .right, .right, .right, .right, .right]
        )
        for arm in experiment.arms {
            if arm.steps.isEmpty {
                table.rows.append([TextTable.Cell(TerminalText.capped(arm.variant)), TextTable.Cell("(no steps)", style: .dim)])
            }
            for (index, step) in arm.steps.enumerated() {
                table.rows.append([
                    TextTable.Cell(index == 0 ? TerminalText.capped(arm.variant) : ""),
                    TextTable.Cell("\(index + 1). \(TerminalText.capped(step.name))"),
                    TextTable.Cell(ReportNumberFormat.count(step.users)),
                    TextTable.Cell(ReportNumberFormat.percent(step.conversionRate)),
                    TextTable.Cell(ReportNumberFormat.percent(step.stepConversionRate)),
                    TextTable.Cell(ReportNumberFormat.count(step.dropOffUsers)),
                    TextTable.Cell(ReportNumberFormat.duration(seconds: step.medianSecondsToConvert)),
                    TextTable.Cell(ReportNumberFormat.duration(seconds: step.p90SecondsToConvert)),
                ])
            }
        }
        return table
    }

    private func stepTermTable(_ experiment: ExperimentReport) -> TextTable {
        var table = TextTable(
            headers: ExperimentReport.stepTermHeaders,
            alignments: [.left, .left, .right, .right, .right, .right, .right, .right, .right, .left, .left]
        )
        let readingColumn = ExperimentReport.stepTermHeaders.firstIndex(of: "Reading")
        for row in experiment.stepTermRows {
            let reading = readingColumn.map { row[$0] }
            let style: ANSIStyle? = reading == "gains" ? .green : reading == "gives some back" ? .red : nil
            table.rows.append(row.enumerated().map { TextTable.Cell($1, style: $0 == readingColumn ? style : nil) })
        }
        return table
    }

    private func stepTimeTable(_ experiment: ExperimentReport) -> TextTable {
        var table = TextTable(
            headers: ExperimentReport.stepTimeHeaders,
            alignments: [.left, .left] + Array(repeating: .right, count: ExperimentReport.stepTimeHeaders.count - 3) + [.left]
        )
        for row in experiment.stepTimeRows {
            let reading = row.last ?? ""
            let style: ANSIStyle? = reading.contains("slower") ? .red : reading.contains("faster") ? .green : nil
            table.rows.append(row.enumerated().map { TextTable.Cell($1, style: $0 == row.count - 1 ? style : nil) })
        }
        return table
    }

    private func screenTable(_ experiment: ExperimentReport) -> TextTable {
        var table = TextTable(
            headers: ["Variant", "Screen", "Back", "Failed", "Failure reasons"],
            alignments: [.left, .left, .right, .right, .left]
        )
        for arm in experiment.arms {
            for (index, screen) in arm.screens.enumerated() {
                let reasons = screen.failuresByReason.map { "\(TerminalText.capped($0.reason)) \(ReportNumberFormat.count($0.count))" }
                table.rows.append([
                    TextTable.Cell(index == 0 ? TerminalText.capped(arm.variant) : ""),
                    TextTable.Cell(TerminalText.capped(screen.screen)),
                    TextTable.Cell(ReportNumberFormat.count(screen.backNavigations)),
                    TextTable.Cell(ReportNumberFormat.count(screen.failedMutations), style: screen.failedMutations > 0 ? .red : nil),
                    TextTable.Cell(reasons.joined(separator: ", ")),
                ])
            }
        }
        return table
    }

    private func pathTable(_ experiment: ExperimentReport) -> TextTable {
        var table = TextTable(headers: ["Variant", "Users", "Share", "Path"], alignments: [.left, .right, .right, .left])
        for arm in experiment.arms {
            guard let paths = arm.paths else { continue }
            for (index, path) in paths.top.enumerated() {
                table.rows.append([
                    TextTable.Cell(index == 0 ? TerminalText.capped(arm.variant) : ""),
                    TextTable.Cell(ReportNumberFormat.count(path.users)),
                    TextTable.Cell(ReportNumberFormat.percent(path.share)),
                    TextTable.Cell(path.text, style: path.reachedGoal ? .green : nil),
                ])
            }
            if let rest = paths.restText {
                table.rows.append([TextTable.Cell(paths.top.isEmpty ? TerminalText.capped(arm.variant) : ""), TextTable.Cell(""), TextTable.Cell(""),
                                   TextTable.Cell(rest, style: .dim)])
            }
            table.rows.append([TextTable.Cell(paths.top.isEmpty && paths.restText == nil ? TerminalText.capped(arm.variant) : ""), TextTable.Cell(""),
                               TextTable.Cell(""), TextTable.Cell("left on: " + paths.leftOnText())])
        }
        return table
    }

    /// A name as the table prints it: cut to ``TerminalText/nameLimit`` characters and sanitized.
    private func name(_ name: String) -> String {
        TerminalText.sanitized(TerminalText.capped(name))
    }

    /// A text holding names (a verdict, a note) as the table prints it: cut to ``TerminalText/textLimit``
    /// characters and sanitized.
    private func text(_ text: String) -> String {
        TerminalText.sanitized(TerminalText.capped(text, to: TerminalText.textLimit))
    }

    private func style(_ style: ANSIStyle, _ text: String) -> String {
        colors ? style.apply(to: text) : text
    }
}
