/// Two maps that differ in the variant of one slot, drawn together: which screens and turns only one
/// of them has, and which screens both show differently.
package struct MapComparison: Sendable {
    /// Where an element of the drawing comes from.
    package enum Side: String, Hashable, Sendable {
        /// Both maps have it, alike.
        case both
        /// Both have it, but it shows differently (another title, other actions, fields or errors).
        case changed
        /// Only the baseline has it.
        case baseline
        /// Only the other map has it.
        case other
    }

    /// The slot whose variants differ.
    package var slot: String
    /// The map of the slot's first variant (its default, or the first chosen), as an index into `FlowMap.maps`.
    package var baseline: Int
    /// The map of the other variant.
    package var other: Int
    /// Every node of either map, with the side it comes from: the baseline's in order, then the other's own.
    package var nodes: [(node: ScreenGraph.Node, side: Side)]
    /// Every edge of either map, with the side it comes from.
    package var edges: [(edge: ScreenGraph.Edge, side: Side)]

    /// Compares the screen graphs of `maps[baseline]` and `maps[other]`, which differ in `slot`.
    package init(slot: String, baseline: Int, other: Int, maps: [VariantMap]) {
        self.slot = slot
        self.baseline = baseline
        self.other = other
        let first = maps[baseline].screens
        let second = maps[other].screens
        let secondNodes = Dictionary(second.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let firstIDs = Set(first.nodes.map(\.id))
        nodes = first.nodes.map { node in
            guard let counterpart = secondNodes[node.id] else { return (node, .baseline) }
            return (node, node.comparable == counterpart.comparable ? .both : .changed)
        } + second.nodes.filter { !firstIDs.contains($0.id) }.map { ($0, .other) }
        let secondEdges = Set(second.edges)
        let firstEdges = Set(first.edges)
        edges = first.edges.map { ($0, secondEdges.contains($0) ? .both : .baseline) }
            + second.edges.filter { !firstEdges.contains($0) }.map { ($0, .other) }
    }

    /// Whether the two maps draw alike.
    package var isAlike: Bool {
        nodes.allSatisfy { $0.side == .both } && edges.allSatisfy { $0.side == .both }
    }

    /// The comparisons between `maps`: for each pair that differs in one slot only, where the first
    /// runs the slot's baseline variant (the first of `baselines` for that slot).
    package static func pairs(of maps: [VariantMap], baselines: [String: String]) -> [MapComparison] {
        var comparisons: [MapComparison] = []
        for (first, baselineMap) in maps.enumerated() {
            for (second, otherMap) in maps.enumerated() where second != first {
                let differing = baselineMap.combination.indices.filter {
                    baselineMap.combination[$0] != otherMap.combination[$0]
                }
                guard baselineMap.combination.count == otherMap.combination.count, differing.count == 1 else { continue }
                let slot = baselineMap.combination[differing[0]].slot
                guard baselines[slot] == baselineMap.combination[differing[0]].variant else { continue }
                comparisons.append(MapComparison(slot: slot, baseline: first, other: second, maps: maps))
            }
        }
        return comparisons
    }
}
