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

    /// How the axis writes a difference, with as many decimals as its ticks need to read apart.
    enum AxisUnit {
        /// Percentage points of a share: `+1.5 pp`.
        case percentagePoints
        /// A relative change: `+12.5%`.
        case percent
        /// The metric's own unit: `+0.0058`.
        case plain

        /// `value` written with `places` decimals (of the unit shown).
        func label(_ value: Double, places: Int) -> String {
            switch self {
            case .percentagePoints: ReportNumberFormat.signedFixed(value * 100, places: places) + " pp"
            case .percent: ReportNumberFormat.signedFixed(value * 100, places: places) + "%"
            case .plain: ReportNumberFormat.signedFixed(value, places: places)
            }
        }

        /// The decimals the values are written with when they need no more.
        var places: Int {
            self == .plain ? 2 : 1
        }
    }

    let rows: [Row]
    /// What the plot shows, for its title and label, e.g. `Difference in goal conversion from control`.
    let title: String
    /// How the axis's ticks are written.
    let axisUnit: AxisUnit
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
        axisUnit = .percentagePoints
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
            axisUnit = .percent
            format = ReportNumberFormat.signedPercent
            formatInterval = { "[\(ReportNumberFormat.signedPercent($0.lower)), \(ReportNumberFormat.signedPercent($0.upper))]" }
        } else {
            let isShare = comparisons.first?.isShare ?? false
            title = "Difference in \(name) from control"
            axisUnit = isShare ? .percentagePoints : .plain
            if isShare {
                format = ReportNumberFormat.percentagePoints
                formatInterval = ReportNumberFormat.percentagePointInterval
            } else {
                // As many decimals as the metric table gives the metric, so that a small difference reads as there.
                let places = comparisons.first?.decimalPlaces ?? 2
                format = { (value: Double) in (value > 0 ? "+" : "") + ReportNumberFormat.fixed(value, places: places) }
                formatInterval = { (interval: ConfidenceInterval) in
                    "[\(ReportNumberFormat.fixed(interval.lower, places: places)), \(ReportNumberFormat.fixed(interval.upper, places: places))]"
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
        let ticks = [-extent, -extent / 2, 0, extent / 2, extent]
        for (tick, label) in zip(ticks, Self.distinctLabels(of: ticks, unit: axisUnit)) {
            let tickX = SVGNumber.text(x(tick))
            svg += """
                \n<line x1="\(tickX)" y1="\(SVGNumber.text(plotBottom))" x2="\(tickX)" y2="\(SVGNumber.text(plotBottom + 4))" \
                stroke="#57606a"/><text x="\(tickX)" y="\(SVGNumber.text(plotBottom + 18))" text-anchor="middle" \
                class="axis">\(HTMLText.escaped(label))</text>
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

    /// The ticks' labels with the fewest decimals (from the unit's usual ones, at most 9) that tell them all apart:
    /// an axis of ±0.0115 reads `-0.012, -0.006, 0.000, +0.006, +0.012`, not `-0.01, -0.01, 0.00, +0.01, +0.01`.
    static func distinctLabels(of ticks: [Double], unit: AxisUnit) -> [String] {
        var labels: [String] = []
        for places in unit.places...9 {
            labels = ticks.map { unit.label($0, places: places) }
            if Set(labels).count == ticks.count { return labels }
        }
        return labels
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
