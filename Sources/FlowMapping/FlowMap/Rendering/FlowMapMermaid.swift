import FlowReports

/// A flow map as a Mermaid flowchart: a subgraph per panel (`MapPanel`), screens as boxes, ends as
/// double circles, turns as labelled arrows; in a comparison, what only the baseline has is blue and
/// dashed, what only the other variant has red and bold, a screen both show differently orange.
///
/// The user can abandon on every screen: those edges are left out of the drawing.
///
/// Ids are made up (`p0n3`), never names. Every label is a quoted string in which each character Mermaid's
/// grammar or its HTML labels give a meaning to is written as an entity code (`#quot;`, `#35;` ...: see
/// ``label(lines:)``), characters `TerminalText` finds unsafe (controls, line breaks, bidirectional overrides)
/// become `?`, and a label's own lines are joined with `<br/>`. Names in labels are cut to
/// `TerminalText.nameLimit` characters (`MapPanel`).
package enum FlowMapMermaid {
    /// `map` as a Mermaid `flowchart`.
    package static func render(_ map: FlowMap) -> String {
        var lines = ["flowchart LR", "  %% \(TerminalText.sanitized(TerminalText.capped(map.app))) flow map; the user can abandon on every screen"]
        var classes: [(id: String, side: MapComparison.Side)] = []
        var linkStyles: [(index: Int, side: MapComparison.Side)] = []
        var links = 0
        for (index, panel) in MapPanel.panels(of: map).enumerated() {
            var ids: [String: String] = [:]
            func id(_ node: String) -> String {
                if let known = ids[node] { return known }
                let made = "p\(index)n\(ids.count)"
                ids[node] = made
                return made
            }
            lines.append("  subgraph p\(index)[\(label(lines: [panel.title + (panel.legend.map { " — \($0)" } ?? "")]))]")
            lines.append("    p\(index)start((start))")
            for (node, side) in panel.nodes {
                let text = label(lines: MapPanel.lines(of: node))
                switch node.kind {
                case .completed, .abandoned: lines.append("    \(id(node.id))((\(text)))")
                case .screen: lines.append("    \(id(node.id))[\(text)]")
                }
                if node.kind != .screen { classes.append((id(node.id), .both)) }
                if side != .both { classes.append((id(node.id), side)) }
            }
            if let start = panel.start {
                lines.append("    p\(index)start --> \(id(start))")
                links += 1
            }
            for edge in panel.edges {
                let arrow = edge.side == .baseline ? "-.->" : edge.side == .other ? "==>" : "-->"
                lines.append("    \(id(edge.from)) \(arrow)|\(label(lines: edge.labels))| \(id(edge.to))")
                if edge.side != .both { linkStyles.append((links, edge.side)) }
                links += 1
            }
            lines.append("  end")
        }
        lines += [
            "  classDef ending stroke-width:3px",
            "  classDef baseline stroke:#1f77b4,color:#1f77b4,stroke-dasharray:5 5",
            "  classDef other stroke:#d62728,color:#d62728,stroke-width:3px",
            "  classDef changed stroke:#e67e00,color:#e67e00,stroke-width:2px",
        ]
        for (id, side) in classes {
            lines.append("  class \(id) \(side == .both ? "ending" : side.rawValue)")
        }
        for (index, side) in linkStyles {
            switch side {
            case .baseline: lines.append("  linkStyle \(index) stroke:#1f77b4,stroke-dasharray:5 5")
            case .other: lines.append("  linkStyle \(index) stroke:#d62728,stroke-width:3px")
            case .both, .changed: break
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `lines` as one quoted Mermaid label, joined with `<br/>`: `"` as `#quot;`, `<` and `>` as `#lt;` and
    /// `#gt;`, and `#` (which starts an entity code), `;` (which ends one), `&`, `[`, `]`, `(`, `)`, `{`, `}`, `|`,
    /// `` ` `` (which starts a Markdown string), and `%` (which starts a comment) as decimal entity codes such as
    /// `#35;`.
    package static func label(lines: [String]) -> String {
        var label = "\""
        for (index, line) in lines.enumerated() {
            if index > 0 { label += "<br/>" }
            for scalar in TerminalText.sanitized(line).unicodeScalars {
                switch scalar {
                case "\"": label += "#quot;"
                case "<": label += "#lt;"
                case ">": label += "#gt;"
                case "#", ";", "&", "[", "]", "(", ")", "{", "}", "|", "`", "%": label += "#\(scalar.value);"
                default: label.unicodeScalars.append(scalar)
                }
            }
        }
        return label + "\""
    }
}
