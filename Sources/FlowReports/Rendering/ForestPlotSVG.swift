/// An inline SVG forest plot: each row's difference from control with its confidence interval, against a
/// dashed zero line. Used for the goal (percentage points) and for each metric (absolute and relative).
struct ForestPlotSVG {
    /// One treatment's difference.
    struct Row {
        /// The row's label, usually the treatment's variant.
        var label: String
        /// The difference from control.
        var estimate: Double
        /// Its interval; nil draws no whiskers.
        var interval: ConfidenceInterval?
        /// The colour: green or red when significant, grey otherwise.
        var color: String
    }

    let rows: [Row]
    /// What the plot shows, for its title and label, e.g. `Difference in goal conversion from control`.
    let title: String
    /// Writes a difference for the axis and the summaries.
    let format: (Double) -> String
    /// Writes an interval for the summaries.
    let formatInterval: (ConfidenceInterval) -> String

    private let labelWidth = 170.0
    private let plotWidth = 380.0
    private let valueWidth = 200.0
    private let rowHeight = 32.0
    private let top = 10.0
    private let axisHeight = 30.0

    /// The goal-rate difference of each treatment, in percentage points.
    init(comparisons: [TreatmentComparison]) {
        rows = comparisons.map { comparison in
            Row(
                label: comparison.variant, estimate: comparison.absoluteDifference, interval: comparison.absoluteInterval,
                color: comparison.isSignificant ? (comparison.absoluteDifference > 0 ? "#1a7f37" : "#cf222e") : "#57606a"
            )
        }
        title = "Difference in goal conversion from control"
        format = ReportNumberFormat.percentagePoints
        formatInterval = ReportNumberFormat.percentagePointInterval
    }

    /// The rows of a metric's comparisons: absolute differences, or relative ones when `relative` is true.
    init(metric comparisons: [MetricComparisonReport], relative: Bool) {
        rows = comparisons.compactMap { comparison in
            let estimate = relative ? comparison.relativeDifference : comparison.difference
            guard let estimate else { return nil }
            let color = comparison.isSignificantlyWorse ? "#cf222e" : comparison.isSignificant ? "#1a7f37" : "#57606a"
            return Row(
                label: comparison.variant, estimate: estimate,
                interval: relative ? comparison.relativeInterval : comparison.interval, color: color
            )
        }
        let name = comparisons.first?.name ?? ""
        if relative {
            title = "Relative difference in \(name) from control"
            format = ReportNumberFormat.signedPercent
            formatInterval = { "[\(ReportNumberFormat.signedPercent($0.lower)), \(ReportNumberFormat.signedPercent($0.upper))]" }
        } else {
            let isShare = comparisons.first?.isShare ?? false
            title = "Difference in \(name) from control"
            if isShare {
                format = ReportNumberFormat.percentagePoints
                formatInterval = ReportNumberFormat.percentagePointInterval
            } else {
                format = { (value: Double) in (value > 0 ? "+" : "") + ReportNumberFormat.fixed(value, places: 2) }
                formatInterval = { (interval: ConfidenceInterval) in
                    "[\(ReportNumberFormat.fixed(interval.lower, places: 2)), \(ReportNumberFormat.fixed(interval.upper, places: 2))]"
                }
            }
        }
    }

    /// The `<svg>` element.
    var markup: String {
        let width = labelWidth + plotWidth + valueWidth
        let height = top + Double(rows.count) * rowHeight + axisHeight
        let plotBottom = top + Double(rows.count) * rowHeight
        let extent = scaleExtent
        func x(_ difference: Double) -> Double {
            let clamped = min(max(difference, -extent), extent)
            return labelWidth + plotWidth / 2 + clamped / extent * plotWidth / 2
        }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" class="forest" width="\(SVGNumber.text(width))" \
            height="\(SVGNumber.text(height))" viewBox="0 0 \(SVGNumber.text(width)) \(SVGNumber.text(height))" \
            role="img" aria-label="\(HTMLText.escaped(title)), with confidence intervals">\
            <title>\(HTMLText.escaped(title))</title>
            """
        for tick in [-extent, -extent / 2, 0, extent / 2, extent] {
            let tickX = SVGNumber.text(x(tick))
            svg += """
                \n<line x1="\(tickX)" y1="\(SVGNumber.text(plotBottom))" x2="\(tickX)" y2="\(SVGNumber.text(plotBottom + 4))" \
                stroke="#57606a"/><text x="\(tickX)" y="\(SVGNumber.text(plotBottom + 18))" text-anchor="middle" \
                class="axis">\(HTMLText.escaped(format(tick)))</text>
                """
        }
        svg += """
            \n<line x1="\(SVGNumber.text(labelWidth))" y1="\(SVGNumber.text(plotBottom))" \
            x2="\(SVGNumber.text(labelWidth + plotWidth))" y2="\(SVGNumber.text(plotBottom))" stroke="#57606a"/>\
            <line x1="\(SVGNumber.text(x(0)))" y1="\(SVGNumber.text(top))" x2="\(SVGNumber.text(x(0)))" \
            y2="\(SVGNumber.text(plotBottom))" stroke="#57606a" stroke-dasharray="4 3"/>
            """
        for (index, row) in rows.enumerated() {
            let middle = top + Double(index) * rowHeight + rowHeight / 2
            let summary = format(row.estimate) + (row.interval.map { " " + formatInterval($0) } ?? "")
            svg += """
                \n<g><title>\(HTMLText.escaped("\(row.label): \(summary)"))</title>\
                <text x="\(SVGNumber.text(labelWidth - 10))" y="\(SVGNumber.text(middle + 4))" text-anchor="end">\
                \(HTMLText.escaped(HTMLText.truncated(row.label, to: 22)))</text>
                """
            if let interval = row.interval, interval.lower.isFinite, interval.upper.isFinite, row.estimate.isFinite {
                let lowerX = SVGNumber.text(x(interval.lower))
                let upperX = SVGNumber.text(x(interval.upper))
                svg += """
                    <line x1="\(lowerX)" y1="\(SVGNumber.text(middle))" x2="\(upperX)" y2="\(SVGNumber.text(middle))" \
                    stroke="\(row.color)" stroke-width="2"/>\
                    <line x1="\(lowerX)" y1="\(SVGNumber.text(middle - 6))" x2="\(lowerX)" y2="\(SVGNumber.text(middle + 6))" \
                    stroke="\(row.color)" stroke-width="2"/>\
                    <line x1="\(upperX)" y1="\(SVGNumber.text(middle - 6))" x2="\(upperX)" y2="\(SVGNumber.text(middle + 6))" \
                    stroke="\(row.color)" stroke-width="2"/>\
                    <circle cx="\(SVGNumber.text(x(row.estimate)))" cy="\(SVGNumber.text(middle))" r="5" \
                    fill="\(row.color)"/>
                    """
            } else if row.estimate.isFinite {
                svg += """
                    <circle cx="\(SVGNumber.text(x(row.estimate)))" cy="\(SVGNumber.text(middle))" r="5" fill="\(row.color)"/>
                    """
            }
            svg += """
                <text x="\(SVGNumber.text(labelWidth + plotWidth + 12))" y="\(SVGNumber.text(middle + 4))">\
                \(HTMLText.escaped(summary))</text></g>
                """
        }
        return svg + "\n</svg>"
    }

    /// Half the width of the axis, as a difference: the largest finite bound plus 15 %, at least 0.5 pp (0.005).
    private var scaleExtent: Double {
        var largest = 0.0
        for row in rows {
            for value in [row.estimate, row.interval?.lower ?? 0, row.interval?.upper ?? 0] where value.isFinite {
                largest = max(largest, value.magnitude)
            }
        }
        return max(largest * 1.15, 0.005)
    }
}
