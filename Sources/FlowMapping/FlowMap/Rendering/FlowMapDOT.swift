import FlowReports

/// A flow map as Graphviz DOT: a cluster per panel (`MapPanel`), screens as rounded boxes, ends as
/// double circles, turns as labelled edges; in a comparison, what only the baseline has is blue and
/// dashed, what only the other variant has red and bold, a screen both show differently orange.
///
/// The user can abandon on every screen: those edges are left out of the drawing (JSON lists each
/// state's abandonment through its events).
///
/// Every id and label is a DOT quoted string. A node's id is `p<panel>:<its name>`, or `p<panel>~<number>` for a
/// name longer than `TerminalText.nameLimit` bytes or holding an unsafe character. In each string `"` and `\` are
/// escaped (so a name can neither end the string nor start one of Graphviz's label escapes such as `\N` or `\l`),
/// characters `TerminalText` finds unsafe (controls, line breaks, bidirectional overrides) become `?`, and a
/// label's own lines are joined with `\n`. No label is an HTML-like label. Names in labels are cut to
/// `TerminalText.nameLimit` characters (`MapPanel`).
package enum FlowMapDOT {
    /// `map` as a DOT digraph.
    package static func render(_ map: FlowMap) -> String {
        let app = TerminalText.capped(map.app)
        var lines = [
            "digraph \(quoted("\(app) flow map")) {",
            "  graph [rankdir=LR, fontname=\"Helvetica\", labelloc=t, label=\(quoted("\(app) flow map (the user can abandon on every screen)"))];",
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
        // A node's id is its name when that is short and safe; otherwise a number, in ids of their own (`p0~1`),
        // since Graphviz reads no string longer than 16,384 bytes and sanitizing could merge two names.
        var numberedIDs: [String: String] = [:]
        func id(_ node: String) -> String {
            if node.utf8.count <= TerminalText.nameLimit, !node.unicodeScalars.contains(where: TerminalText.isUnsafe) {
                return quoted("p\(index):\(node)")
            }
            if let known = numberedIDs[node] { return known }
            let made = quoted("p\(index)~\(numberedIDs.count + 1)")
            numberedIDs[node] = made
            return made
        }
        var lines = [
            "  subgraph cluster_\(index) {",
            "    label=\(quoted(lines: [panel.title] + (panel.legend.map { [$0] } ?? [])));",
            "    \(id("start")) [shape=point, width=0.12];",
        ]
        for (node, side) in panel.nodes {
            var attributes = ["label=\(quoted(lines: MapPanel.lines(of: node)))"]
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
            let attributes = ["label=\(quoted(lines: edge.labels))"] + style(edge.side, isNode: false)
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

    /// `text` as a DOT quoted string.
    private static func quoted(_ text: String) -> String {
        quoted(lines: [text])
    }

    /// `lines` as one DOT quoted string, a label of one line each.
    package static func quoted(lines: [String]) -> String {
        var quoted = "\""
        for (index, line) in lines.enumerated() {
            if index > 0 { quoted += "\\n" }
            for scalar in TerminalText.sanitized(line).unicodeScalars {
                switch scalar {
                case "\"": quoted += "\\\""
                case "\\": quoted += "\\\\"
                default: quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
