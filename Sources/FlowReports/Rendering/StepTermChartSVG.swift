import Foundation

/// An inline SVG chart of one treatment's step decomposition: each term's ratio of treatment's step rate over
/// control's, with its corrected interval (and the uncorrected one as a thin line under it), on a log-scale axis
/// centred on ×1, one row per term in flow order, then the end-to-end ratio the terms multiply to, with the goal
/// comparison's interval of the ratio of conversion rates as a bar the terms reconcile to.
///
/// Terms that are not tested get a row without a marker that says why. Bounds beyond the axis (0, unbounded, huge)
/// are drawn to its edge with an arrow.
struct StepTermChartSVG {
    /// One term of the decomposition.
    struct Row {
        /// The row's label, e.g. `2. address` or `goal: flow_completed`.
        var label: String
        /// Treatment's step rate over control's; nil when undefined or unbounded.
        var ratio: Double?
        /// The interval without the correction; nil for a term that is not tested.
        var interval: StepRatioInterval?
        /// The interval widened for the correction; nil for a term that is not tested.
        var adjustedInterval: StepRatioInterval?
        /// Whether the term differs from no change after the correction.
        var isFound: Bool
        /// What the row says in place of a marker when the term is not tested; nil when it is.
        var untested: String?
        /// The term's share of the difference in conversion rates, written out; nil writes none.
        var share: String?
        /// The full tooltip.
        var detail: String
    }

    let rows: [Row]
    /// The product of the terms' ratios, drawn as the last row; nil draws none.
    let endToEnd: Double?
    /// The end-to-end row's summary, e.g. `×1.150 (+3.0 pp)`.
    let endToEndSummary: String
    /// The interval of the end-to-end ratio (the goal comparison's, Katz's log-scale interval), drawn as a bar under
    /// the end-to-end marker; nil draws none.
    let endToEndInterval: StepRatioInterval?
    /// What the chart shows, for its title.
    let title: String

    private let labelWidth = 190.0
    private let plotWidth = 420.0
    private let valueWidth = 250.0
    private let rowHeight = 26.0
    private let top = 26.0
    private let axisHeight = 30.0
    /// The axis never reaches beyond ×1000 either way; farther bounds are drawn to the edge with an arrow.
    private let largestLogExtent = log(1000.0)

    static let gainColor = "#1a7f37"
    static let lossColor = "#cf222e"
    static let neutralColor = "#57606a"

    /// The chart of `decomposition`'s terms, named after their steps.
    ///
    /// - Parameter comparison: the goal's comparison of the same treatment, whose interval of the relative uplift
    ///   gives the end-to-end bar; nil draws none.
    init(decomposition: StepDecompositionReport, comparison: TreatmentComparison? = nil) {
        rows = decomposition.terms.enumerated().map { index, term in
            let label = term.isGoal ? "goal: \(term.step)" : "\(index + 1). \(term.step)"
            let untested = term.interval == nil && term.adjustedInterval == nil ? Self.untestedText(term.reading) : nil
            var detail = "\(label): " + (term.ratio.map(Self.ratioText) ?? "no ratio")
            if let interval = term.adjustedInterval { detail += ", corrected interval \(Self.intervalText(interval))" }
            if let interval = term.interval { detail += ", uncorrected \(Self.intervalText(interval))" }
            detail += ", share \(ReportNumberFormat.percentagePoints(term.contribution)); \(term.reading.explanation)"
            return Row(
                label: label, ratio: term.ratio, interval: term.interval, adjustedInterval: term.adjustedInterval,
                isFound: term.isFound, untested: untested, share: ReportNumberFormat.percentagePoints(term.contribution),
                detail: detail
            )
        }
        endToEnd = decomposition.ratio
        let interval = comparison?.relativeInterval.map { StepRatioInterval(lower: max(0, 1 + $0.lower), upper: 1 + $0.upper) }
        endToEndInterval = interval
        endToEndSummary = (decomposition.ratio.map(Self.ratioText) ?? "–")
            + (interval.map { " " + Self.intervalText($0) } ?? "")
            + (decomposition.difference.map { " (\(ReportNumberFormat.percentagePoints($0)))" } ?? "")
        title = "\(decomposition.variant) over \(decomposition.control): ratio of step rates, step by step"
    }

    /// A chart of the given rows; for tests and other callers with their own terms.
    init(rows: [Row], endToEnd: Double?, endToEndSummary: String, title: String, endToEndInterval: StepRatioInterval? = nil) {
        self.rows = rows
        self.endToEnd = endToEnd
        self.endToEndInterval = endToEndInterval
        self.endToEndSummary = endToEndSummary
        self.title = title
    }

    /// The `<svg>` element.
    var markup: String {
        let width = labelWidth + plotWidth + valueWidth
        let endRowTop = top + Double(rows.count) * rowHeight + 6
        let plotBottom = endRowTop + (endToEnd == nil ? 0 : rowHeight)
        let height = plotBottom + axisHeight
        let extent = logExtent
        let left = labelWidth
        let right = labelWidth + plotWidth
        let centre = labelWidth + plotWidth / 2
        func x(log value: Double) -> Double {
            centre + min(max(value, -extent), extent) / extent * plotWidth / 2
        }
        /// The x of a ratio, and whether it is beyond the axis (0 and infinity included).
        func position(_ ratio: Double) -> (x: Double, beyond: Int) {
            guard ratio > 0 else { return (left, -1) }
            guard ratio.isFinite else { return (right, 1) }
            let value = log(ratio)
            return (x(log: value), value < -extent ? -1 : value > extent ? 1 : 0)
        }
        func n(_ value: Double) -> String { SVGNumber.text(value) }

        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" class="steps" width="\(n(width))" height="\(n(height))" \
            viewBox="0 0 \(n(width)) \(n(height))" role="img" aria-label="\(HTMLText.escaped(title))">\
            <title>\(HTMLText.escaped(title))</title>
            <text x="\(n(centre))" y="14" text-anchor="middle" class="axis">no change</text>\
            <text x="\(n(left))" y="14" class="axis">← treatment loses users</text>\
            <text x="\(n(right))" y="14" text-anchor="end" class="axis">treatment gains →</text>\
            <text x="\(n(right + 12))" y="14" class="axis">ratio [corrected interval] · share</text>
            """
        for tick in ticks(extent: extent) {
            let tickX = n(x(log: log(tick)))
            svg += """
                \n<line x1="\(tickX)" y1="\(n(top - 4))" x2="\(tickX)" y2="\(n(plotBottom + 4))" \
                stroke="\(tick == 1 ? Self.neutralColor : "#d0d7de")"\(tick == 1 ? " stroke-dasharray=\"4 3\"" : "")/>\
                <text x="\(tickX)" y="\(n(plotBottom + 18))" text-anchor="middle" class="axis">\
                ×\(ReportNumberFormat.trimmed(tick, places: 3))</text>
                """
        }
        svg += """
            \n<line x1="\(n(left))" y1="\(n(plotBottom))" x2="\(n(right))" y2="\(n(plotBottom))" stroke="\(Self.neutralColor)"/>
            """
        for (index, row) in rows.enumerated() {
            let middle = top + Double(index) * rowHeight + rowHeight / 2
            let color = row.isFound ? ((row.ratio ?? .infinity) > 1 ? Self.gainColor : Self.lossColor) : Self.neutralColor
            svg += """
                \n<g><title>\(HTMLText.escaped(row.detail))</title>\
                <text x="\(n(labelWidth - 10))" y="\(n(middle + 4))" text-anchor="end">\
                \(HTMLText.escaped(HTMLText.truncated(row.label, to: 26)))</text>
                """
            if let untested = row.untested {
                svg += """
                    <text x="\(n(right + 12))" y="\(n(middle + 4))" class="axis">\(HTMLText.escaped(untested))</text></g>
                    """
                continue
            }
            if let interval = row.interval {
                svg += whisker(interval, y: middle + 5, color: color, width: 1, cap: 2, position: position)
            }
            if let interval = row.adjustedInterval {
                svg += whisker(interval, y: middle, color: color, width: 2, cap: 5, position: position)
            }
            // No ratio with a tested term: control's chain ends here, an unbounded ratio.
            svg += marker(at: position(row.ratio ?? .infinity), y: middle, color: color)
            let textClass = !row.isFound ? "" : color == Self.gainColor ? " class=\"gain\"" : " class=\"loss\""
            var summary = row.ratio.map(Self.ratioText) ?? "×∞"
            if let interval = row.adjustedInterval { summary += " " + Self.intervalText(interval) }
            if let share = row.share { summary += " · " + share }
            svg += """
                <text x="\(n(right + 12))" y="\(n(middle + 4))"\(textClass)>\(HTMLText.escaped(summary))</text></g>
                """
        }
        if let endToEnd {
            let middle = endRowTop + rowHeight / 2
            svg += """
                \n<g><title>\(HTMLText.escaped("end to end, the product of the terms: \(endToEndSummary)"))</title>\
                <line x1="0" y1="\(n(endRowTop - 3))" x2="\(n(width))" y2="\(n(endRowTop - 3))" stroke="#d0d7de"/>\
                <text x="\(n(labelWidth - 10))" y="\(n(middle + 4))" text-anchor="end" font-weight="600">end to end (product)</text>
                """
            if let interval = endToEndInterval {
                let lower = position(interval.lower)
                let upper = position(interval.upper ?? .infinity)
                svg += """
                    <rect class="end-to-end-interval" x="\(n(lower.x))" y="\(n(middle - 5))" width="\(n(max(1, upper.x - lower.x)))" \
                    height="10" rx="2" fill="#8c959f" fill-opacity="0.45" stroke="#57606a"/>
                    """
            }
            let (endX, beyond) = position(endToEnd)
            if beyond == 0 {
                let y = middle
                svg += """
                    <path d="M\(n(endX)) \(n(y - 6)) L\(n(endX + 6)) \(n(y)) L\(n(endX)) \(n(y + 6)) L\(n(endX - 6)) \(n(y)) Z" \
                    fill="#1f2328"/>
                    """
            } else {
                svg += marker(at: (endX, beyond), y: middle, color: "#1f2328")
            }
            svg += """
                <text x="\(n(right + 12))" y="\(n(middle + 4))" font-weight="600">\(HTMLText.escaped(endToEndSummary))</text></g>
                """
        }
        return svg + "\n</svg>"
    }

    /// A horizontal interval with end caps; a bound beyond the axis runs to its edge and ends in an arrow instead.
    private func whisker(
        _ interval: StepRatioInterval, y: Double, color: String, width: Double, cap: Double,
        position: (Double) -> (x: Double, beyond: Int)
    ) -> String {
        func n(_ value: Double) -> String { SVGNumber.text(value) }
        let lower = position(interval.lower)
        let upper = position(interval.upper ?? .infinity)
        var svg = """
            <line x1="\(n(lower.x))" y1="\(n(y))" x2="\(n(upper.x))" y2="\(n(y))" stroke="\(color)" stroke-width="\(n(width))"/>
            """
        for (bound, direction) in [(lower, -1.0), (upper, 1.0)] {
            if bound.beyond != 0 {
                let size = cap + 1
                svg += """
                    <path d="M\(n(bound.x)) \(n(y)) L\(n(bound.x - direction * size * 1.4)) \(n(y - size)) \
                    L\(n(bound.x - direction * size * 1.4)) \(n(y + size)) Z" fill="\(color)"/>
                    """
            } else {
                svg += """
                    <line x1="\(n(bound.x))" y1="\(n(y - cap))" x2="\(n(bound.x))" y2="\(n(y + cap))" stroke="\(color)" \
                    stroke-width="\(n(width))"/>
                    """
            }
        }
        return svg
    }

    /// A dot at a ratio on the axis, or an arrowhead at its edge for a ratio beyond it.
    private func marker(at point: (x: Double, beyond: Int), y: Double, color: String) -> String {
        func n(_ value: Double) -> String { SVGNumber.text(value) }
        guard point.beyond != 0 else {
            return "<circle cx=\"\(n(point.x))\" cy=\"\(n(y))\" r=\"5\" fill=\"\(color)\"/>"
        }
        let direction = Double(point.beyond)
        return """
            <path d="M\(n(point.x)) \(n(y)) L\(n(point.x - direction * 10)) \(n(y - 6)) L\(n(point.x - direction * 10)) \
            \(n(y + 6)) Z" fill="\(color)"/>
            """
    }

    /// Half the axis on the log scale: the farthest finite positive ratio or bound from ×1 plus 15 %, at least
    /// that of ×1.25 and at most that of ×1000.
    private var logExtent: Double {
        var largest = 0.0
        var values = rows.flatMap { row in
            [row.ratio, row.interval?.lower, row.interval?.upper, row.adjustedInterval?.lower, row.adjustedInterval?.upper]
        }
        values.append(endToEnd)
        values += [endToEndInterval?.lower, endToEndInterval?.upper]
        for case let value? in values where value > 0 && value.isFinite {
            largest = max(largest, abs(log(value)))
        }
        return min(max(largest * 1.15, log(1.25) * 1.15), largestLogExtent)
    }

    /// ×1 and the symmetric pairs (×0.8 and ×1.25, ×0.5 and ×2, …) inside the axis, leaving room between labels.
    private func ticks(extent: Double) -> [Double] {
        let pixelsPerLog = plotWidth / 2 / extent
        var chosen = [1.0]
        var lastLog = 0.0
        for candidate in [1.25, 2, 5, 10, 100, 1000] where log(candidate) <= extent + 1e-9 {
            guard (log(candidate) - lastLog) * pixelsPerLog >= 44 else { continue }
            chosen += [candidate, 1 / candidate]
            lastLog = log(candidate)
        }
        return chosen
    }

    private static func ratioText(_ ratio: Double) -> String {
        ratio.isFinite ? "×" + ReportNumberFormat.fixed(ratio, places: 3) : "×∞"
    }

    private static func intervalText(_ interval: StepRatioInterval) -> String {
        "[\(ReportNumberFormat.fixed(interval.lower, places: 3)), \(interval.upper.map { ReportNumberFormat.fixed($0, places: 3) } ?? "∞")]"
    }

    /// Why a term has no marker, in a few words.
    private static func untestedText(_ reading: StepTermReading) -> String {
        switch reading {
        case .structural: "not tested: everyone passes in both"
        case .nobodyPasses: "not tested: nobody passes in either"
        case .notReachedInTreatment: "not tested: not reached in treatment"
        case .notReachedInControl: "not tested: not reached in control"
        case .notReachedInEither: "not tested: reached in neither"
        case .measured, .nearBoundary, .endsInTreatment, .endsInControl: "not tested"
        }
    }
}
