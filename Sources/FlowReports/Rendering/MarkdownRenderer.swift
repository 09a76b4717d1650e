/// Renders a report as GitHub-flavoured Markdown: headings, the verdict, and GitHub tables.
///
/// Every user-supplied string is escaped with `MarkdownText`: a name cut to `TerminalText.nameLimit` characters,
/// a longer text holding names to `TerminalText.textLimit`.
public struct MarkdownRenderer: ReportRenderer {
    /// Creates a renderer.
    public init() {}

    /// The complete output for `report`, ending in a newline.
    public func render(_ report: Report) -> String {
        var lines = ["# Switchyard \(report.mode.rawValue)", ""]
        if !report.inputs.isEmpty {
            lines.append("Inputs: " + report.inputs.map { MarkdownText.escaped($0) }.joined(separator: ", ")
                + " · alpha \(ReportNumberFormat.trimmed(report.alpha, places: 4))")
            lines.append("")
        }
        if !report.diagnostics.isEmpty {
            lines.append("**Notes**")
            lines.append("")
            lines.append(contentsOf: report.diagnostics.map { "- " + MarkdownText.escaped($0) })
            lines.append("")
        }
        for experiment in report.experiments {
            lines.append(contentsOf: experimentLines(experiment, alpha: report.alpha))
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    private func experimentLines(_ experiment: ExperimentReport, alpha: Double) -> [String] {
        var lines = [
            "## Experiment \(MarkdownText.name(experiment.key))",
            "",
            "**Verdict:** \(MarkdownText.escaped(experiment.analysis.verdict))",
            "",
        ]
        if let health = experiment.healthDescription {
            lines += ["**Health:** \(MarkdownText.escaped(health))", ""]
        }
        if let mismatch = experiment.sampleRatioMismatch {
            lines += ["> **Warning: sample ratio mismatch** — \(MarkdownText.escaped(mismatch.splitDescription))", ""]
        }
        for note in experiment.notes {
            lines += ["> **Note:** \(MarkdownText.escaped(note))", ""]
        }
        var facts = ["Control: \(MarkdownText.name(experiment.control))", MarkdownText.escaped(experiment.funnelDescription), experiment.testDescription]
        if experiment.excludedMultiVariantUsers > 0 {
            facts.append("\(ReportNumberFormat.count(experiment.excludedMultiVariantUsers)) users exposed to more than one variant excluded")
        }
        lines += [facts.joined(separator: " · "), ""]

        lines.append("| Variant | Users | Goal | Rate | Diff | \(ReportNumberFormat.confidenceLevel(alpha: alpha)) CI | Uplift | p | Adj. p | P(beat) |")
        lines.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
        let comparisons = experiment.comparisonsByVariant
        for arm in experiment.arms {
            var cells = [
                MarkdownText.name(arm.variant) + (arm.variant == experiment.control ? " (control)" : "") + arm.configurationMark,
                ReportNumberFormat.count(arm.users), ReportNumberFormat.count(arm.goalConversions),
                ReportNumberFormat.percent(arm.goalConversionRate),
            ]
            if let comparison = comparisons[arm.variant] {
                let difference = ReportNumberFormat.percentagePoints(comparison.absoluteDifference)
                cells += [
                    comparison.isSignificant ? "**\(difference)**" : difference,
                    ReportNumberFormat.percentagePointInterval(comparison.absoluteInterval),
                    comparison.relativeUplift.map(ReportNumberFormat.signedPercent) ?? "–",
                    MarkdownText.escaped(ReportNumberFormat.pValue(comparison.pValue)),
                    MarkdownText.escaped(ReportNumberFormat.pValue(comparison.adjustedPValue)),
                    comparison.chanceToBeatControl.map(ReportNumberFormat.percent) ?? "–",
                ]
            } else {
                cells += Array(repeating: "–", count: 6)
            }
            lines.append(row(cells))
        }
        if !experiment.segmentLines.isEmpty {
            lines += ["", "### Segments by \(MarkdownText.name(experiment.segmentBy ?? ""))", ""]
            lines += experiment.segmentLines.map { "- " + MarkdownText.escaped($0) }
        }
        if !experiment.metrics.isEmpty {
            lines += ["", "### Guardrails and metrics", ""]
            lines.append(row(experiment.metricTableHeaders))
            lines.append("|---|---|--:|--:|--:|--:|--:|--:|--:|---|")
            for cells in experiment.metricRows {
                lines.append(row(cells.map { MarkdownText.escaped($0) }))
            }
            if !experiment.metricNotes.isEmpty {
                lines.append("")
                lines += experiment.metricNotes.map { "- " + MarkdownText.escaped($0) }
            }
        }
        lines += ["", "### Funnel", ""]
        lines.append("| Variant | Step | Users | Of all | Of previous | Drop-off | Median | p90 |")
        lines.append("|---|---|--:|--:|--:|--:|--:|--:|")
        for arm in experiment.arms {
            for (index, step) in arm.steps.enumerated() {
                lines.append(row([
                    MarkdownText.name(arm.variant), "\(index + 1). \(MarkdownText.name(step.name))",
                    ReportNumberFormat.count(step.users), ReportNumberFormat.percent(step.conversionRate),
                    ReportNumberFormat.percent(step.stepConversionRate), ReportNumberFormat.count(step.dropOffUsers),
                    ReportNumberFormat.duration(seconds: step.medianSecondsToConvert),
                    ReportNumberFormat.duration(seconds: step.p90SecondsToConvert),
                ]))
            }
        }
        if !experiment.stepDecompositions.isEmpty {
            lines += ["", "### Step by step", ""]
            lines.append(row(ExperimentReport.stepTermHeaders))
            lines.append("|---|---|--:|--:|--:|--:|--:|--:|--:|---|---|")
            for cells in experiment.stepTermRows {
                lines.append(row(cells.map { MarkdownText.escaped($0) }))
            }
            if !experiment.stepTermNotes.isEmpty {
                lines.append("")
                lines += experiment.stepTermNotes.map { "- " + MarkdownText.escaped($0) }
            }
        }
        if !experiment.stepTimes.isEmpty {
            lines += ["", "### Step times", ""]
            lines.append(row(ExperimentReport.stepTimeHeaders))
            lines.append("|---|---|" + String(repeating: "--:|", count: ExperimentReport.stepTimeHeaders.count - 3) + "---|")
            for cells in experiment.stepTimeRows {
                lines.append(row(cells.map { MarkdownText.escaped($0) }))
            }
            if !experiment.stepTimeNotes.isEmpty {
                lines.append("")
                lines += experiment.stepTimeNotes.map { "- " + MarkdownText.escaped($0) }
            }
        }
        if experiment.arms.contains(where: { !$0.screens.isEmpty }) {
            lines += ["", "### Back navigations and failures", ""]
            lines.append("| Variant | Screen | Back | Failed | Failure reasons |")
            lines.append("|---|---|--:|--:|---|")
            for arm in experiment.arms {
                for screen in arm.screens {
                    let reasons = screen.failuresByReason
                        .map { "\(MarkdownText.name($0.reason)) \(ReportNumberFormat.count($0.count))" }
                    lines.append(row([
                        MarkdownText.name(arm.variant), MarkdownText.name(screen.screen),
                        ReportNumberFormat.count(screen.backNavigations), ReportNumberFormat.count(screen.failedMutations),
                        reasons.joined(separator: ", "),
                    ]))
                }
            }
        }
        if experiment.arms.contains(where: { $0.paths != nil }) {
            lines += ["", "### Observed paths", ""]
            lines.append("| Variant | Users | Share | Path |")
            lines.append("|---|--:|--:|---|")
            for arm in experiment.arms {
                guard let paths = arm.paths else { continue }
                for path in paths.top {
                    lines.append(row([
                        MarkdownText.name(arm.variant), ReportNumberFormat.count(path.users),
                        ReportNumberFormat.percent(path.share), MarkdownText.escaped(path.text),
                    ]))
                }
                if let rest = paths.restText {
                    lines.append(row([MarkdownText.name(arm.variant), "", "", MarkdownText.escaped(rest)]))
                }
                lines.append(row([MarkdownText.name(arm.variant), "", "", MarkdownText.escaped("left on: " + paths.leftOnText())]))
            }
        }
        if !experiment.pathShareRows.isEmpty {
            lines += ["", "### Path shares", ""]
            lines.append(row(ExperimentReport.pathShareHeaders))
            lines.append("|---|---|--:|--:|--:|--:|--:|---|")
            for cells in experiment.pathShareRows {
                lines.append(row(cells.map { MarkdownText.escaped($0) }))
            }
            lines.append("")
            lines += experiment.pathShareNotes.map { "- " + MarkdownText.escaped($0) }
        }
        lines.append("")
        return lines
    }

    private func row(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |"
    }
}
