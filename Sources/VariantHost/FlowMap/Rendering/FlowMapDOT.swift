/// A flow map as Graphviz DOT: a cluster per panel (`MapPanel`), screens as rounded boxes, ends as
/// double circles, turns as labelled edges; in a comparison, what only the baseline has is blue and
/// dashed, what only the other variant has red and bold, a screen both show differently orange.
///
/// The user can abandon on every screen: those edges are left out of the drawing (JSON lists each
/// state's abandonment through its events).
package enum FlowMapDOT {
    /// `map` as a DOT digraph.
    package static func render(_ map: FlowMap) -> String {
        var lines = [
            "digraph \(quoted("\(map.app) flow map")) {",
            "  graph [rankdir=LR, fontname=\"Helvetica\", labelloc=t, label=\(quoted("\(map.app) flow map (the user can abandon on every screen)"))];",
            "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];",
            "  edge [fontname=\"Helvetica\", fontsize=9];",
        ]
        for (index, panel) in MapPanel.panels(of: map).enumerated() {
            lines += cluster(panel, index: index)
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func cluster(_ panel: MapPanel, index: Int) -> [String] {
        func id(_ node: String) -> String { quoted("p\(index):\(node)") }
        var lines = [
            "  subgraph cluster_\(index) {",
            "    label=\(quoted(panel.title + (panel.legend.map { "\n\($0)" } ?? "")));",
            "    \(id("start")) [shape=point, width=0.12];",
        ]
        for (node, side) in panel.nodes {
            var attributes = ["label=\(quoted(MapPanel.lines(of: node).joined(separator: "\n")))"]
            switch node.kind {
            case .completed: attributes.append("shape=doublecircle")
            case .abandoned: attributes.append("shape=doubleoctagon")
            case .screen: break
            }
            attributes += style(side, isNode: true)
            lines.append("    \(id(node.id)) [\(attributes.joined(separator: ", "))];")
        }
        if let start = panel.start { lines.append("    \(id("start")) -> \(id(start));") }
        for edge in panel.edges {
            let attributes = ["label=\(quoted(edge.labels.joined(separator: "\n")))"] + style(edge.side, isNode: false)
            lines.append("    \(id(edge.from)) -> \(id(edge.to)) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("  }")
        return lines
    }

    private static func style(_ side: MapComparison.Side, isNode: Bool) -> [String] {
        switch side {
        case .both: []
        case .changed: ["color=\"#e67e00\"", "fontcolor=\"#e67e00\"", "penwidth=2"]
        case .baseline: ["color=\"#1f77b4\"", "fontcolor=\"#1f77b4\"", isNode ? "style=\"rounded,dashed\"" : "style=dashed"]
        case .other: ["color=\"#d62728\"", "fontcolor=\"#d62728\"", "penwidth=2.5", isNode ? "style=\"rounded,bold\"" : "style=bold"]
        }
    }

    /// `text` as a DOT string.
    private static func quoted(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }
}
