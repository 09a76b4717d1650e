/// An inline SVG bar chart of one arm's funnel: a bar per step, its length the share of the arm's users.
struct FunnelChartSVG {
    let arm: ArmReport
    let isControl: Bool

    /// Room for a step name of about 26 characters, as `Reached payment step`, whole.
    private let labelWidth = 170.0
    private let barWidth = 200.0
    private let valueWidth = 110.0
    private let rowHeight = 30.0
    private let barHeight = 20.0
    private let margin = 6.0

    /// The `<svg>` element.
    var markup: String {
        let rows: [(name: String, users: Int, rate: Double)] = [("All users", arm.users, arm.users > 0 ? 1 : 0)]
            + arm.steps.map { ($0.name, $0.users, $0.conversionRate) }
        let width = labelWidth + barWidth + valueWidth
        let height = margin * 2 + Double(rows.count) * rowHeight
        let fill = isControl ? "#8c959f" : "#0969da"
        let title = "Funnel of \(arm.variant)"
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" class="funnel" width="\(SVGNumber.text(width))" \
            height="\(SVGNumber.text(height))" viewBox="0 0 \(SVGNumber.text(width)) \(SVGNumber.text(height))" \
            role="img" aria-label="\(HTMLText.escaped(title))"><title>\(HTMLText.escaped(title))</title>
            """
        for (index, row) in rows.enumerated() {
            let top = margin + Double(index) * rowHeight
            let barTop = top + (rowHeight - barHeight) / 2
            let textBaseline = top + rowHeight / 2 + 4
            let rate = row.rate.isFinite ? min(max(row.rate, 0), 1) : 0
            svg += """
                \n<g><title>\(HTMLText.escaped(row.name))</title>\
                <text x="\(SVGNumber.text(labelWidth - 8))" y="\(SVGNumber.text(textBaseline))" text-anchor="end">\
                \(HTMLText.escaped(HTMLText.truncated(row.name, to: 26)))</text>\
                <rect x="\(SVGNumber.text(labelWidth))" y="\(SVGNumber.text(barTop))" width="\(SVGNumber.text(barWidth))" \
                height="\(SVGNumber.text(barHeight))" fill="#eaeef2"/>\
                <rect x="\(SVGNumber.text(labelWidth))" y="\(SVGNumber.text(barTop))" \
                width="\(SVGNumber.text(barWidth * rate))" height="\(SVGNumber.text(barHeight))" fill="\(fill)"/>\
                <text x="\(SVGNumber.text(labelWidth + barWidth + 8))" y="\(SVGNumber.text(textBaseline))">\
                \(HTMLText.escaped("\(ReportNumberFormat.count(row.users)) · \(ReportNumberFormat.percent(rate))"))</text></g>
                """
        }
        return svg + "\n</svg>"
    }
}
