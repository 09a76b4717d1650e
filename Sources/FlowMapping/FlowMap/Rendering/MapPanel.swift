import FlowReports

/// One drawing of a flow map: a single map, or two maps that differ in one slot drawn together,
/// each node and edge marked with the side it comes from. DOT and Mermaid draw a panel each.
package struct MapPanel: Sendable {
    /// The panel's caption, cut to `TerminalText.textLimit` characters.
    package var title: String
    /// The nodes, each with its side (`.both` in a single map's panel).
    package var nodes: [(node: ScreenGraph.Node, side: MapComparison.Side)]
    /// The edges, merged by their ends and side: one line per pair of nodes and side, its labels listed, each cut
    /// to `TerminalText.nameLimit` characters.
    package var edges: [(from: String, to: String, labels: [String], side: MapComparison.Side)]
    /// The node the flow starts on.
    package var start: String?
    /// What each side's colour means, for a comparison: the baseline's and the other's variant.
    package var sides: (baseline: String, other: String)?

    /// The panels of `map`: a comparison each, then each map no comparison draws.
    package static func panels(of map: FlowMap) -> [MapPanel] {
        var panels = map.comparisons.map { comparison in
            MapPanel(comparison: comparison, maps: map.maps)
        }
        let compared = Set(map.comparisons.flatMap { [$0.baseline, $0.other] })
        for (index, variantMap) in map.maps.enumerated() where !compared.contains(index) {
            panels.append(MapPanel(single: variantMap))
        }
        return panels
    }

    /// One map's panel.
    init(single map: VariantMap) {
        let graph = map.screens
        title = TerminalText.capped(map.title, to: TerminalText.textLimit)
        nodes = graph.nodes.map { ($0, .both) }
        edges = Self.merged(graph.edges.map { ($0, .both) })
        start = graph.start
        sides = nil
    }

    /// A comparison's panel.
    init(comparison: MapComparison, maps: [VariantMap]) {
        let baseline = maps[comparison.baseline]
        let other = maps[comparison.other]
        let baselineVariant = baseline.variant(in: comparison.slot) ?? "?"
        let otherVariant = other.variant(in: comparison.slot) ?? "?"
        let rest = baseline.combination.filter { $0.slot != comparison.slot }
        title = TerminalText.capped(
            "\(comparison.slot): \(baselineVariant) vs \(otherVariant)" + (rest.isEmpty ? "" : " (\(SlotVariant.describe(rest)))"),
            to: TerminalText.textLimit
        )
        nodes = comparison.nodes
        edges = Self.merged(comparison.edges)
        start = baseline.screens.start ?? other.screens.start
        sides = (TerminalText.capped(baselineVariant), TerminalText.capped(otherVariant))
    }

    private static func merged(
        _ edges: [(edge: ScreenGraph.Edge, side: MapComparison.Side)]
    ) -> [(from: String, to: String, labels: [String], side: MapComparison.Side)] {
        var merged: [(from: String, to: String, labels: [String], side: MapComparison.Side)] = []
        var positions: [String: Int] = [:]
        for (edge, side) in edges {
            let key = "\(edge.from)\u{0}\(edge.to)\u{0}\(side.rawValue)"
            if let position = positions[key] {
                merged[position].labels.append(TerminalText.capped(edge.label))
            } else {
                positions[key] = merged.count
                merged.append((edge.from, edge.to, [TerminalText.capped(edge.label)], side))
            }
        }
        return merged
    }

    /// The lines a node's box shows: its screen (and modal), its title, fields and errors, each name cut to
    /// `TerminalText.nameLimit` characters.
    package static func lines(of node: ScreenGraph.Node) -> [String] {
        let screen = node.screen.map { TerminalText.capped($0) }
        switch node.kind {
        case .completed: return ["completed", screen.map { "on \($0)" } ?? ""].filter { !$0.isEmpty }
        case .abandoned: return ["ended as abandoned", screen.map { "on \($0)" } ?? ""].filter { !$0.isEmpty }
        case .screen:
            var lines = [(screen ?? "?") + (node.modalDepth > 0 ? " (modal)" : "")]
            if !node.title.isEmpty { lines.append("“\(TerminalText.capped(node.title))”") }
            if !node.fields.isEmpty { lines.append("fields: " + node.fields.map { TerminalText.capped($0) }.joined(separator: ", ")) }
            for error in node.errors.prefix(3) { lines.append("error: \(TerminalText.capped(error))") }
            if node.errors.count > 3 { lines.append("and \(node.errors.count - 3) more errors") }
            return lines
        }
    }

    /// What the colours mean, in words.
    package var legend: String? {
        guard let sides else { return nil }
        return "only \(sides.baseline): blue, dashed; only \(sides.other): red, bold; both, shown differently: orange"
    }
}
