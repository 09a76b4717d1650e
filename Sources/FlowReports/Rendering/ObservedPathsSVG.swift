/// An inline SVG of one arm's observed paths drawn on its screens: a box per screen, in columns by how many
/// moves it is from the start; an arrow per move users made, its width the share of the arm's users who made
/// it; a grey dashed arrow for a move the variant's explored map offers that nobody made, a red one for a move
/// users made that the map does not offer; under each screen, how many users left on it. A screen a funnel step's
/// events are on carries the step's number in a dark badge at its top right, and the legend names the steps.
struct ObservedPathsSVG {
    let arm: ArmReport
    let paths: ObservedPathsReport

    private let columnWidth = 220.0
    private let boxWidth = 140.0
    private let boxHeight = 46.0
    private let rowHeight = 78.0
    private let margin = 16.0
    private let legendHeight = 52.0

    /// The `<svg>` element.
    var markup: String {
        let (columns, depth) = layout()
        let width = margin * 2 + Double(max(1, columns.count)) * columnWidth
        let rows = columns.map(\.count).max() ?? 1
        let height = margin * 2 + Double(rows) * rowHeight + legendHeight
        let position = positions(columns)
        let most = Double(max(1, paths.transitions.map(\.users).max() ?? 1))
        let leftOn = Dictionary(paths.leftOn.map { ($0.screen, $0) }, uniquingKeysWith: { first, _ in first })
        let title = "Observed paths of \(arm.variant)"
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" class="paths" width="\(SVGNumber.text(width))" \
            height="\(SVGNumber.text(height))" viewBox="0 0 \(SVGNumber.text(width)) \(SVGNumber.text(height))" \
            role="img" aria-label="\(HTMLText.escaped(title))"><title>\(HTMLText.escaped(title))</title>
            <defs><marker id="arrow-\(markerID)" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" \
            orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#57606a"/></marker></defs>
            """
        for move in paths.transitions where move.from != move.to {
            guard let from = position[move.from], let to = position[move.to] else { continue }
            let forward = (depth[move.to] ?? 0) > (depth[move.from] ?? 0)
            let (color, dash, stroke): (String, String, Double) = move.users == 0
                ? ("#8c959f", " stroke-dasharray=\"5 4\"", 1.5)
                : (move.offered == false ? "#cf222e" : "#0969da", "", 1.5 + 8 * Double(move.users) / most)
            let path: String
            let labelX: Double
            let labelY: Double
            if forward {
                let start = (from.x + boxWidth, from.y + boxHeight / 2)
                let end = (to.x - 2, to.y + boxHeight / 2)
                let bend = (end.0 - start.0) / 2
                path = "M\(SVGNumber.text(start.0)),\(SVGNumber.text(start.1)) C\(SVGNumber.text(start.0 + bend)),\(SVGNumber.text(start.1)) "
                    + "\(SVGNumber.text(end.0 - bend)),\(SVGNumber.text(end.1)) \(SVGNumber.text(end.0)),\(SVGNumber.text(end.1))"
                labelX = (start.0 + end.0) / 2
                labelY = min(start.1, end.1) - 8
            } else {
                // A move back (or within a column) arcs under the boxes.
                let start = (from.x + boxWidth / 3, from.y + boxHeight)
                let end = (to.x + boxWidth * 2 / 3, to.y + boxHeight + 2)
                let dip = max(start.1, end.1) + rowHeight * 0.32
                path = "M\(SVGNumber.text(start.0)),\(SVGNumber.text(start.1)) C\(SVGNumber.text(start.0)),\(SVGNumber.text(dip)) "
                    + "\(SVGNumber.text(end.0)),\(SVGNumber.text(dip)) \(SVGNumber.text(end.0)),\(SVGNumber.text(end.1))"
                labelX = (start.0 + end.0) / 2
                labelY = dip - 2
            }
            let label = move.users == 0 ? "unused" : ReportNumberFormat.count(move.users)
            let tooltip = "\(move.from) → \(move.to): " + (move.users == 0 ? "offered, nobody made it"
                : "\(ReportNumberFormat.count(move.users)) users" + (move.offered == false ? ", not in the explored map" : ""))
            svg += """
                \n<g class="move"><title>\(HTMLText.escaped(tooltip))</title><path d="\(path)" fill="none" stroke="\(color)" \
                stroke-width="\(SVGNumber.text(stroke))" stroke-opacity="0.75"\(dash) marker-end="url(#arrow-\(markerID))"/>\
                <text class="axis" x="\(SVGNumber.text(labelX))" y="\(SVGNumber.text(labelY))" text-anchor="middle">\
                \(HTMLText.escaped(label))</text></g>
                """
        }
        for (screen, point) in position.sorted(by: { $0.key < $1.key }) {
            if screen == ScreenTransition.start {
                svg += """
                    \n<g><title>start</title><circle cx="\(SVGNumber.text(point.x + boxWidth - 8))" \
                    cy="\(SVGNumber.text(point.y + boxHeight / 2))" r="7" fill="#1f2328"/>\
                    <text x="\(SVGNumber.text(point.x + boxWidth - 20))" y="\(SVGNumber.text(point.y + boxHeight / 2 + 4))" \
                    text-anchor="end">start</text></g>
                    """
                continue
            }
            let left = leftOn[screen]
            let numbers = stepNumbers[screen] ?? []
            let label = numbers.map(String.init).joined(separator: ",")
            let badgeWidth = 12 + 7 * Double(label.count)
            let badge = numbers.isEmpty ? "" : "<rect class=\"step-badge\" x=\"\(SVGNumber.text(point.x + boxWidth - badgeWidth + 6))\" "
                + "y=\"\(SVGNumber.text(point.y - 9))\" width=\"\(SVGNumber.text(badgeWidth))\" height=\"18\" rx=\"9\" fill=\"#1f2328\"/>"
                + "<text class=\"step-number\" x=\"\(SVGNumber.text(point.x + boxWidth - badgeWidth / 2 + 6))\" "
                + "y=\"\(SVGNumber.text(point.y + 4))\" text-anchor=\"middle\" fill=\"#ffffff\" font-weight=\"600\">\(label)</text>"
            let stepText = numbers.isEmpty ? "" : "; funnel step " + numbers.map(String.init).joined(separator: ", ")
            let leftText = left.map { "left here: \(ReportNumberFormat.count($0.users)) (\(ReportNumberFormat.percent($0.share)))" } ?? "nobody left here"
            let fill = (left?.share ?? 0) >= 0.1 ? "#ffebe9" : "#f6f8fa"
            svg += """
                \n<g class="screen"><title>\(HTMLText.escaped("\(screen): \(leftText)\(stepText)"))</title>\
                <rect x="\(SVGNumber.text(point.x))" y="\(SVGNumber.text(point.y))" width="\(SVGNumber.text(boxWidth))" \
                height="\(SVGNumber.text(boxHeight))" rx="6" fill="\(fill)" stroke="#57606a"/>\
                <text x="\(SVGNumber.text(point.x + 8))" y="\(SVGNumber.text(point.y + 18))" font-weight="600">\
                \(HTMLText.escaped(HTMLText.truncated(screen, to: 20)))</text>\
                <text class="\(left == nil ? "axis" : "left")" x="\(SVGNumber.text(point.x + 8))" y="\(SVGNumber.text(point.y + 36))">\
                \(HTMLText.escaped(HTMLText.truncated(leftText, to: 24)))</text>\(badge)</g>
                """
        }
        let legendY = height - margin - 8
        svg += """
            \n<text class="axis" x="\(SVGNumber.text(margin))" y="\(SVGNumber.text(legendY))">\
            blue: moves users made (width: users) · grey dashed: offered by the explored map, nobody made it · \
            red: made, but not in the map</text>
            <text class="axis" x="\(SVGNumber.text(margin))" y="\(SVGNumber.text(legendY + 18))">\
            \(HTMLText.escaped(HTMLText.truncated(stepLegend, to: Int(width / 6.5))))</text>
            """
        return svg + "\n</svg>"
    }

    /// The funnel's step numbers (from 1) by the screen their events are on.
    private var stepNumbers: [String: [Int]] {
        var numbers: [String: [Int]] = [:]
        for (index, step) in arm.steps.enumerated() {
            if let screen = step.screen { numbers[screen, default: []].append(index + 1) }
        }
        return numbers
    }

    /// The legend line of the funnel's steps: `funnel steps (dark badges): 1 Saw cart · 2 Reached payment (any screen)`.
    private var stepLegend: String {
        guard !arm.steps.isEmpty else { return "no funnel steps" }
        let drawn = Set(paths.transitions.flatMap { [$0.from, $0.to] })
        return "funnel steps (dark badges): " + arm.steps.enumerated().map { index, step in
            let place = step.screen.map { drawn.contains($0) ? "" : " (\($0), not drawn)" } ?? " (any screen)"
            return "\(index + 1) \(step.name)\(place)"
        }.joined(separator: " · ")
    }

    /// An id for the arrow marker, unique per arm within a page.
    private var markerID: String {
        String(arm.variant.unicodeScalars.map { SVGIdentifier.isIdentifier($0) ? Character($0) : "-" }) + "-\(arm.users)"
    }

    /// The screens in columns by their distance, in moves, from the start; each column ordered by the users
    /// arriving, ties by name. Screens no move from the start reaches go in a last column.
    private func layout() -> (columns: [[String]], depth: [String: Int]) {
        var successors: [String: [String]] = [:]
        var arriving: [String: Int] = [:]
        var screens: Set<String> = [ScreenTransition.start]
        for move in paths.transitions {
            successors[move.from, default: []].append(move.to)
            arriving[move.to, default: 0] += move.users
            screens.insert(move.from)
            screens.insert(move.to)
        }
        var depth = [ScreenTransition.start: 0]
        var queue = [ScreenTransition.start]
        while !queue.isEmpty {
            let screen = queue.removeFirst()
            for next in successors[screen] ?? [] where depth[next] == nil {
                depth[next] = depth[screen]! + 1
                queue.append(next)
            }
        }
        let deepest = depth.values.max() ?? 0
        for screen in screens where depth[screen] == nil { depth[screen] = deepest + 1 }
        var columns = Array(repeating: [String](), count: (depth.values.max() ?? 0) + 1)
        for screen in screens { columns[depth[screen]!].append(screen) }
        for index in columns.indices {
            columns[index].sort { lhs, rhs in
                let left = arriving[lhs] ?? 0
                let right = arriving[rhs] ?? 0
                return left != right ? left > right : lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
            }
        }
        return (columns, depth)
    }

    private func positions(_ columns: [[String]]) -> [String: (x: Double, y: Double)] {
        var positions: [String: (x: Double, y: Double)] = [:]
        for (column, screens) in columns.enumerated() {
            for (row, screen) in screens.enumerated() {
                positions[screen] = (margin + Double(column) * columnWidth, margin + Double(row) * rowHeight)
            }
        }
        return positions
    }
}

/// Which characters an SVG id keeps as they are.
private enum SVGIdentifier {
    static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
    }
}
