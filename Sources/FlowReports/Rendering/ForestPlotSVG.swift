/// An inline SVG forest plot: each treatment's goal-rate difference from control with its confidence interval,
/// against a dashed zero line.
struct ForestPlotSVG {
    let comparisons: [TreatmentComparison]

    private let labelWidth = 170.0
    private let plotWidth = 380.0
    private let valueWidth = 200.0
    private let rowHeight = 32.0
    private let top = 10.0
    private let axisHeight = 30.0

    /// The `<svg>` element.
    var markup: String {
        let width = labelWidth + plotWidth + valueWidth
        let height = top + Double(comparisons.count) * rowHeight + axisHeight
        let plotBottom = top + Double(comparisons.count) * rowHeight
        let extent = scaleExtent
        func x(_ difference: Double) -> Double {
            let clamped = min(max(difference, -extent), extent)
            return labelWidth + plotWidth / 2 + clamped / extent * plotWidth / 2
        }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" class="forest" width="\(SVGNumber.text(width))" \
            height="\(SVGNumber.text(height))" viewBox="0 0 \(SVGNumber.text(width)) \(SVGNumber.text(height))" \
            role="img" aria-label="Difference in goal conversion from control, with confidence intervals">\
            <title>Difference in goal conversion from control</title>
            """
        for tick in [-extent, -extent / 2, 0, extent / 2, extent] {
            let tickX = SVGNumber.text(x(tick))
            svg += """
                \n<line x1="\(tickX)" y1="\(SVGNumber.text(plotBottom))" x2="\(tickX)" y2="\(SVGNumber.text(plotBottom + 4))" \
                stroke="#57606a"/><text x="\(tickX)" y="\(SVGNumber.text(plotBottom + 18))" text-anchor="middle" \
                class="axis">\(HTMLText.escaped(ReportNumberFormat.percentagePoints(tick)))</text>
                """
        }
        svg += """
            \n<line x1="\(SVGNumber.text(labelWidth))" y1="\(SVGNumber.text(plotBottom))" \
            x2="\(SVGNumber.text(labelWidth + plotWidth))" y2="\(SVGNumber.text(plotBottom))" stroke="#57606a"/>\
            <line x1="\(SVGNumber.text(x(0)))" y1="\(SVGNumber.text(top))" x2="\(SVGNumber.text(x(0)))" \
            y2="\(SVGNumber.text(plotBottom))" stroke="#57606a" stroke-dasharray="4 3"/>
            """
        for (index, comparison) in comparisons.enumerated() {
            let middle = top + Double(index) * rowHeight + rowHeight / 2
            let interval = comparison.absoluteInterval
            let color = comparison.isSignificant
                ? (comparison.absoluteDifference > 0 ? "#1a7f37" : "#cf222e") : "#57606a"
            let summary = "\(ReportNumberFormat.percentagePoints(comparison.absoluteDifference)) "
                + ReportNumberFormat.percentagePointInterval(interval)
            svg += """
                \n<g><title>\(HTMLText.escaped("\(comparison.variant): \(summary)"))</title>\
                <text x="\(SVGNumber.text(labelWidth - 10))" y="\(SVGNumber.text(middle + 4))" text-anchor="end">\
                \(HTMLText.escaped(HTMLText.truncated(comparison.variant, to: 22)))</text>
                """
            if interval.lower.isFinite, interval.upper.isFinite, comparison.absoluteDifference.isFinite {
                let lowerX = SVGNumber.text(x(interval.lower))
                let upperX = SVGNumber.text(x(interval.upper))
                svg += """
                    <line x1="\(lowerX)" y1="\(SVGNumber.text(middle))" x2="\(upperX)" y2="\(SVGNumber.text(middle))" \
                    stroke="\(color)" stroke-width="2"/>\
                    <line x1="\(lowerX)" y1="\(SVGNumber.text(middle - 6))" x2="\(lowerX)" y2="\(SVGNumber.text(middle + 6))" \
                    stroke="\(color)" stroke-width="2"/>\
                    <line x1="\(upperX)" y1="\(SVGNumber.text(middle - 6))" x2="\(upperX)" y2="\(SVGNumber.text(middle + 6))" \
                    stroke="\(color)" stroke-width="2"/>\
                    <circle cx="\(SVGNumber.text(x(comparison.absoluteDifference)))" cy="\(SVGNumber.text(middle))" r="5" \
                    fill="\(color)"/>
                    """
            }
            svg += """
                <text x="\(SVGNumber.text(labelWidth + plotWidth + 12))" y="\(SVGNumber.text(middle + 4))">\
                \(HTMLText.escaped(summary))</text></g>
                """
        }
        return svg + "\n</svg>"
    }

    /// Half the width of the axis, as a difference: the largest finite bound plus 15 %, at least 0.5 pp.
    private var scaleExtent: Double {
        var largest = 0.0
        for comparison in comparisons {
            for value in [comparison.absoluteDifference, comparison.absoluteInterval.lower, comparison.absoluteInterval.upper]
            where value.isFinite {
                largest = max(largest, value.magnitude)
            }
        }
        return max(largest * 1.15, 0.005)
    }
}
