/// Renders a report as one self-contained HTML page: inline CSS and SVG, no scripts, no network.
///
/// Per experiment: the verdict, a sample-ratio warning when flagged, the goal comparison table, a forest plot of
/// each treatment's difference from control with its confidence interval, a funnel chart per arm, the funnel table,
/// a chart and table of each treatment's step-by-step decomposition, and the per-screen tables. Every user-supplied string (variants, screens, keys, file names, reasons, notes) is
/// escaped with `HTMLText` wherever it appears, SVG text and attributes included.
public struct HTMLRenderer: ReportRenderer {
    /// Creates a renderer.
    public init() {}

    /// The complete output for `report`, ending in a newline.
    public func render(_ report: Report) -> String {
        let title = "Switchyard \(report.mode.rawValue)"
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>\(Self.styleSheet)</style>
            </head>
            <body>
            <h1>\(escape(title))</h1>

            """
        var facts = ["alpha \(ReportNumberFormat.trimmed(report.alpha, places: 4))"]
        if !report.inputs.isEmpty {
            facts.insert("inputs: " + report.inputs.map(escape).joined(separator: ", "), at: 0)
        }
        html += "<p class=\"facts\">\(facts.joined(separator: " · "))</p>\n"
        if !report.diagnostics.isEmpty {
            html += "<ul class=\"notes\">\n"
            html += report.diagnostics.map { "<li>\(escape($0))</li>\n" }.joined()
            html += "</ul>\n"
        }
        if report.experiments.isEmpty {
            html += "<p>No experiments to report.</p>\n"
        }
        for experiment in report.experiments {
            html += section(for: experiment, alpha: report.alpha)
        }
        return html + "</body>\n</html>\n"
    }

    private func section(for experiment: ExperimentReport, alpha: Double) -> String {
        let mismatch = experiment.sampleRatioMismatch
        let verdictClass = !experiment.analysis.health.isHealthy ? "verdict alarm"
            : experiment.analysis.comparisons.contains { $0.isSignificant && $0.absoluteDifference > 0 }
                ? "verdict decided" : "verdict"
        var html = "<section>\n<h2>Experiment <span class=\"name\">\(escape(experiment.key))</span></h2>\n"
        html += "<p class=\"\(verdictClass)\"><strong>Verdict:</strong> \(escape(experiment.analysis.verdict))</p>\n"
        if let health = experiment.healthDescription {
            let healthClass = experiment.analysis.health.isHealthy ? "facts" : "warning"
            html += "<p class=\"\(healthClass)\"><strong>Health:</strong> \(escape(health))</p>\n"
        }
        if let mismatch {
            html += "<p class=\"warning\"><strong>Sample ratio mismatch:</strong> \(escape(mismatch.splitDescription))</p>\n"
        }
        if !experiment.notes.isEmpty {
            html += "<ul class=\"notes\">\n" + experiment.notes.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
        }
        var facts = ["control: <span class=\"name\">\(escape(experiment.control))</span>", escape(experiment.funnelDescription), escape(experiment.testDescription)]
        if experiment.excludedMultiVariantUsers > 0 {
            facts.append("\(ReportNumberFormat.count(experiment.excludedMultiVariantUsers)) users exposed to more than one variant excluded")
        }
        html += "<p class=\"facts\">\(facts.joined(separator: " · "))</p>\n"
        html += goalTable(experiment, alpha: alpha)
        if !experiment.analysis.comparisons.isEmpty {
            html += "<h3>Difference from control (\(escape(ReportNumberFormat.confidenceLevel(alpha: alpha))) CI)</h3>\n"
            html += "<figure>\(ForestPlotSVG(comparisons: experiment.analysis.comparisons).markup)</figure>\n"
        }
        if !experiment.segmentLines.isEmpty {
            html += "<h3>Segments by \(escape(experiment.segmentBy ?? ""))</h3>\n<ul class=\"notes\">\n"
                + experiment.segmentLines.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
        }
        if !experiment.metrics.isEmpty {
            html += "<h3>Guardrails and metrics</h3>\n<table>\n<thead><tr>"
                + experiment.metricTableHeaders.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
            // Values, differences and p-values stay on one line (`< 0.001` split in two reads as two values).
            let numeric: Set<String> = ["Control", "Treatment", "Diff", "p", "Adj. p", "Chance to win", "Risk"]
            let isNumeric = experiment.metricTableHeaders.map { numeric.contains($0) }
            for (cells, metric) in zip(experiment.metricRows, experiment.metrics) {
                let rowClass = metric.isSignificantlyWorse ? " class=\"worse\"" : metric.isSignificant ? " class=\"better\"" : ""
                html += "<tr\(rowClass)>" + zip(cells, isNumeric).map { cell, numeric in
                    numeric ? "<td class=\"num\">\(escape(cell))</td>" : "<td>\(escape(cell))</td>"
                }.joined() + "</tr>\n"
            }
            html += "</tbody>\n</table>\n"
            for id in experiment.metricIDs {
                let comparisons = experiment.metrics.filter { $0.metric == id }
                html += "<div class=\"metric-plots\">"
                for relative in [false, true] where comparisons.contains(where: { (relative ? $0.relativeDifference : $0.difference) != nil }) {
                    // Each chart says which metric and which difference it shows.
                    let plot = ForestPlotSVG(metric: comparisons, relative: relative)
                    html += "<figure><figcaption>\(escape(plot.title))</figcaption>\(plot.markup)</figure>"
                }
                html += "</div>\n"
            }
            if !experiment.metricNotes.isEmpty {
                html += "<ul class=\"notes\">\n" + experiment.metricNotes.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
            }
        }
        html += "<h3>Funnels</h3>\n<div class=\"funnels\">\n"
        for arm in experiment.arms {
            let isControl = arm.variant == experiment.control
            let caption = escape(arm.variant) + (isControl ? " (control)" : "")
                + (arm.source.map { " · " + escape($0) } ?? "")
            html += "<figure><figcaption>\(caption)</figcaption>"
            html += "\(FunnelChartSVG(arm: arm, isControl: isControl).markup)</figure>\n"
        }
        html += "</div>\n"
        html += funnelTable(experiment)
        html += stepTermSection(experiment)
        html += stepTimeSection(experiment)
        html += screenTable(experiment)
        html += pathsSection(experiment)
        html += pathShareSection(experiment)
        return html + "</section>\n"
    }

    private func stepTermSection(_ experiment: ExperimentReport) -> String {
        guard !experiment.stepDecompositions.isEmpty else { return "" }
        var html = "<h3>Step by step</h3>\n"
        for decomposition in experiment.stepDecompositions where !decomposition.terms.isEmpty {
            let caption = escape(decomposition.variant) + " over " + escape(decomposition.control)
                + ": each step's rate as a ratio, with its corrected interval (thin line: uncorrected); "
                + "end to end, the ratio of conversion rates the steps multiply to, its interval as a grey bar"
            let comparison = experiment.analysis.comparisons.first { $0.variant == decomposition.variant }
            html += "<figure class=\"step-chart\"><figcaption>\(caption)</figcaption>"
                + "\(StepTermChartSVG(decomposition: decomposition, comparison: comparison).markup)</figure>\n"
        }
        // Compact, its screens on the way wrapping anywhere: eleven columns fit a page without cutting the last.
        html += "<table class=\"compact\">\n<thead><tr>"
            + ExperimentReport.stepTermHeaders.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        let wayColumn = ExperimentReport.stepTermHeaders.firstIndex(of: "On the way")
        for cells in experiment.stepTermRows {
            let reading = ExperimentReport.stepTermHeaders.firstIndex(of: "Reading").map { cells[$0] }
            let rowClass = reading == "gains" ? " class=\"better\"" : reading == "gives some back" ? " class=\"worse\"" : ""
            // Counts, ratios, intervals, shares and p-values on one line: the columns from Treatment to Adj. p.
            html += "<tr\(rowClass)>" + cells.enumerated().map { index, cell in
                "<td\((2...8).contains(index) ? " class=\"num\"" : index == wayColumn ? " class=\"name\"" : "")>\(escape(cell))</td>"
            }.joined() + "</tr>\n"
        }
        html += "</tbody>\n</table>\n"
        if !experiment.stepTermNotes.isEmpty {
            html += "<ul class=\"notes\">\n" + experiment.stepTermNotes.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
        }
        return html
    }

    private func stepTimeSection(_ experiment: ExperimentReport) -> String {
        guard !experiment.stepTimes.isEmpty else { return "" }
        var html = "<h3>Step times</h3>\n<table class=\"compact\">\n<thead><tr>"
            + ExperimentReport.stepTimeHeaders.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for cells in experiment.stepTimeRows {
            let reading = cells.last ?? ""
            let rowClass = reading.contains("slower") ? " class=\"worse\"" : reading.contains("faster") ? " class=\"better\"" : ""
            html += "<tr\(rowClass)>" + cells.enumerated().map { index, cell in
                "<td\((2...10).contains(index) ? " class=\"num\"" : "")>\(escape(cell))</td>"
            }.joined() + "</tr>\n"
        }
        html += "</tbody>\n</table>\n"
        if !experiment.stepTimeNotes.isEmpty {
            html += "<ul class=\"notes\">\n" + experiment.stepTimeNotes.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
        }
        return html
    }

    private func goalTable(_ experiment: ExperimentReport, alpha: Double) -> String {
        var html = "<table>\n<thead><tr><th>Variant</th><th>Users</th><th>Goal</th><th>Rate</th><th>Diff</th>"
            + "<th>\(escape(ReportNumberFormat.confidenceLevel(alpha: alpha))) CI</th><th>Uplift</th><th>p</th>"
            + "<th>Adj. p</th><th>P(beat)</th></tr></thead>\n<tbody>\n"
        let comparisons = experiment.comparisonsByVariant
        for arm in experiment.arms {
            let name = escape(arm.variant) + (arm.variant == experiment.control ? " <em>(control)</em>" : "")
                + escape(arm.configurationMark)
            var cells = [
                ReportNumberFormat.count(arm.users), ReportNumberFormat.count(arm.goalConversions),
                ReportNumberFormat.percent(arm.goalConversionRate),
            ]
            var rowClass = ""
            if let comparison = comparisons[arm.variant] {
                cells += [
                    ReportNumberFormat.percentagePoints(comparison.absoluteDifference),
                    ReportNumberFormat.percentagePointInterval(comparison.absoluteInterval),
                    comparison.relativeUplift.map(ReportNumberFormat.signedPercent) ?? "–",
                    ReportNumberFormat.pValue(comparison.pValue), ReportNumberFormat.pValue(comparison.adjustedPValue),
                    comparison.chanceToBeatControl.map(ReportNumberFormat.percent) ?? "–",
                ]
                if comparison.isSignificant {
                    rowClass = comparison.absoluteDifference > 0 ? " class=\"better\"" : " class=\"worse\""
                }
            } else {
                cells += Array(repeating: "–", count: 6)
            }
            html += "<tr\(rowClass)><td class=\"name\">\(name)</td>"
                + cells.map { "<td class=\"num\">\(escape($0))</td>" }.joined() + "</tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    private func funnelTable(_ experiment: ExperimentReport) -> String {
        var html = "<table>\n<thead><tr><th>Variant</th><th>Step</th><th>Users</th><th>Of all</th><th>Of previous</th>"
            + "<th>Drop-off</th><th>Median</th><th>p90</th></tr></thead>\n<tbody>\n"
        for arm in experiment.arms {
            for (index, step) in arm.steps.enumerated() {
                let cells = [
                    ReportNumberFormat.count(step.users), ReportNumberFormat.percent(step.conversionRate),
                    ReportNumberFormat.percent(step.stepConversionRate), ReportNumberFormat.count(step.dropOffUsers),
                    ReportNumberFormat.duration(seconds: step.medianSecondsToConvert),
                    ReportNumberFormat.duration(seconds: step.p90SecondsToConvert),
                ]
                html += "<tr><td class=\"name\">\(index == 0 ? escape(arm.variant) : "")</td>"
                    + "<td class=\"name\">\(index + 1). \(escape(step.name))</td>"
                    + cells.map { "<td class=\"num\">\(escape($0))</td>" }.joined() + "</tr>\n"
            }
        }
        return html + "</tbody>\n</table>\n"
    }

    private func screenTable(_ experiment: ExperimentReport) -> String {
        guard experiment.arms.contains(where: { !$0.screens.isEmpty }) else { return "" }
        var html = "<h3>Back navigations and failures</h3>\n<table>\n<thead><tr><th>Variant</th><th>Screen</th>"
            + "<th>Back</th><th>Failed</th><th>Failure reasons</th></tr></thead>\n<tbody>\n"
        for arm in experiment.arms {
            for (index, screen) in arm.screens.enumerated() {
                let reasons = screen.failuresByReason
                    .map { "\(escape($0.reason)) \(ReportNumberFormat.count($0.count))" }
                    .joined(separator: ", ")
                html += "<tr><td class=\"name\">\(index == 0 ? escape(arm.variant) : "")</td>"
                    + "<td class=\"name\">\(escape(screen.screen))</td>"
                    + "<td class=\"num\">\(ReportNumberFormat.count(screen.backNavigations))</td>"
                    + "<td class=\"num\">\(ReportNumberFormat.count(screen.failedMutations))</td>"
                    + "<td>\(reasons)</td></tr>\n"
            }
        }
        return html + "</tbody>\n</table>\n"
    }

    /// Each arm's observed paths drawn on its screens, then its most common paths and where users left.
    private func pathsSection(_ experiment: ExperimentReport) -> String {
        guard experiment.arms.contains(where: { $0.paths != nil }) else { return "" }
        var html = "<h3>Observed paths</h3>\n<div class=\"observed-paths\">\n"
        for arm in experiment.arms {
            guard let paths = arm.paths else { continue }
            let caption = escape(arm.variant) + (arm.variant == experiment.control ? " (control)" : "")
                + " · \(ReportNumberFormat.count(arm.users)) users, \(ReportNumberFormat.count(paths.distinctPaths)) distinct paths"
                + (paths.beyondCapText.map { "; " + escape($0) } ?? "")
            html += "<figure><figcaption>\(caption)</figcaption>\(ObservedPathsSVG(arm: arm, paths: paths).markup)</figure>\n"
        }
        html += "</div>\n<table>\n<thead><tr><th>Variant</th><th>Users</th><th>Share</th><th>Path</th></tr></thead>\n<tbody>\n"
        for arm in experiment.arms {
            guard let paths = arm.paths else { continue }
            for (index, path) in paths.top.enumerated() {
                html += "<tr\(path.reachedGoal ? " class=\"better\"" : "")><td class=\"name\">\(index == 0 ? escape(arm.variant) : "")</td>"
                    + "<td class=\"num\">\(ReportNumberFormat.count(path.users))</td>"
                    + "<td class=\"num\">\(ReportNumberFormat.percent(path.share))</td>"
                    + "<td class=\"name\">\(escape(path.screens.isEmpty ? "(no screen)" : path.screens.joined(separator: " → ")))"
                    + (path.reachedGoal ? " <strong>✓ goal</strong>" : " <em>left</em>") + "</td></tr>\n"
            }
            if let rest = paths.restText {
                html += "<tr><td class=\"name\">\(paths.top.isEmpty ? escape(arm.variant) : "")</td><td></td><td></td><td>\(escape(rest))</td></tr>\n"
            }
            html += "<tr><td></td><td></td><td></td><td>left on: \(escape(paths.leftOnText(nameLimit: .max)))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    private func pathShareSection(_ experiment: ExperimentReport) -> String {
        guard !experiment.pathShareRows.isEmpty else { return "" }
        var html = "<h3>Path shares</h3>\n<table>\n<thead><tr>"
            + ExperimentReport.pathShareHeaders.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for cells in experiment.pathShareRows {
            html += "<tr>" + cells.enumerated().map { index, cell in
                "<td\(index >= 2 && index <= 6 ? " class=\"num\"" : index == 1 ? " class=\"name\"" : "")>\(escape(cell))</td>"
            }.joined() + "</tr>\n"
        }
        html += "</tbody>\n</table>\n"
        return html + "<ul class=\"notes\">\n" + experiment.pathShareNotes.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
    }

    private func escape(_ text: String) -> String {
        HTMLText.escaped(text)
    }

    private static let styleSheet = """

        body { font: 15px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1f2328; \
        max-width: 1100px; margin: 24px auto; padding: 0 16px; }
        h1 { font-size: 24px; margin-bottom: 4px; }
        h2 { font-size: 20px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; margin-top: 32px; }
        h3 { font-size: 16px; margin: 20px 0 6px; }
        .facts { color: #57606a; margin: 4px 0 12px; }
        .notes { background: #fff8c5; border: 1px solid #d4a72c; border-radius: 6px; padding: 8px 8px 8px 28px; }
        .verdict { font-size: 16px; background: #f6f8fa; border-left: 4px solid #8c959f; padding: 8px 12px; }
        .verdict.decided { border-left-color: #1a7f37; background: #dafbe1; }
        .verdict.alarm { border-left-color: #cf222e; background: #ffebe9; }
        .warning { color: #9a6700; background: #fff8c5; border: 1px solid #d4a72c; border-radius: 6px; padding: 8px 12px; }
        table { border-collapse: collapse; margin: 8px 0 16px; }
        th, td { border-bottom: 1px solid #d0d7de; padding: 4px 10px; text-align: left; vertical-align: top; }
        th { background: #f6f8fa; font-weight: 600; }
        td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        td.name, .name { overflow-wrap: anywhere; }
        table.compact { font-size: 13px; }
        table.compact th, table.compact td { padding: 4px 6px; }
        tr.better td { background: #dafbe1; }
        tr.worse td { background: #ffebe9; }
        figure { margin: 8px 0; }
        figcaption { font-weight: 600; font-size: 14px; margin: 0 0 2px 8px; overflow-wrap: anywhere; }
        .funnels { display: flex; flex-wrap: wrap; gap: 8px 24px; }
        .metric-plots { display: flex; flex-wrap: wrap; gap: 0 24px; }
        svg { max-width: 100%; height: auto; font: 12px -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; }
        svg text { fill: #1f2328; }
        svg text.axis { fill: #57606a; font-size: 11px; }
        svg text.left { fill: #cf222e; font-size: 11px; }
        svg text.gain { fill: #1a7f37; }
        svg text.loss { fill: #cf222e; }
        svg text.step-number { fill: #ffffff; font-size: 11px; }
        .observed-paths, .step-chart { overflow-x: auto; }

        """
}
