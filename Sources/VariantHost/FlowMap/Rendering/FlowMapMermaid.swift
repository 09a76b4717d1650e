/// A flow map as a Mermaid flowchart: a subgraph per panel (`MapPanel`), screens as boxes, ends as
/// double circles, turns as labelled arrows; in a comparison, what only the baseline has is blue and
/// dashed, what only the other variant has red and bold, a screen both show differently orange.
///
/// The user can abandon on every screen: those edges are left out of the drawing.
package enum FlowMapMermaid {
    /// `map` as a Mermaid `flowchart`.
    package static func render(_ map: FlowMap) -> String {
        var lines = ["flowchart LR", "  %% \(map.app) flow map; the user can abandon on every screen"]
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
            lines.append("  subgraph p\(index)[\(label(panel.title + (panel.legend.map { " — \($0)" } ?? "")))]")
            lines.append("    p\(index)start((start))")
            for (node, side) in panel.nodes {
                let text = label(MapPanel.lines(of: node).joined(separator: "<br/>"))
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
                lines.append("    \(id(edge.from)) \(arrow)|\(label(edge.labels.joined(separator: "<br/>")))| \(id(edge.to))")
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

    /// `text` as a quoted Mermaid label, its quotes as entities.
    private static func label(_ text: String) -> String {
        "\"" + text.replacingAll("\"", with: "#quot;") + "\""
    }
}

extension String {
    /// The text with every `marker` replaced by `value`.
    fileprivate func replacingAll(_ marker: String, with value: String) -> String {
        split(separator: marker, omittingEmptySubsequences: false).joined(separator: value)
    }
}
