import FlowMapping
import FlowReports
import VariantHost
import VariantKit

/// The moves between screens each registered variant's explored flow map offers, by screen name, for a
/// report to set its users' observed paths against.
enum OfferedTransitions {
    /// `ofRegisteredVariants(skipping:)`, explored in a worker the command watches (`ExplorationSupervisor`): a
    /// combination whose coordinator traps or stalls offers nothing, and the command goes on.
    static func explored() async throws -> [String: Set<ScreenTransition>] {
        // Each move crosses to the command as [from, to].
        let moves = try await ExplorationSupervisor.explore { skips in
            try ofRegisteredVariants(skipping: skips).mapValues { $0.map { [$0.from, $0.to] } }
        }
        return moves.mapValues { pairs in Set(pairs.compactMap { $0.count == 2 ? ScreenTransition(from: $0[0], to: $0[1]) : nil }) }
    }

    /// Per variant id, every move its maps offer: those of each combination explored with it (the defaults, and
    /// each other variant beside the defaults); a screen presented modally is the same screen as pushed (events do not tell them
    /// apart), and an end of the flow is the screen it ended on.
    ///
    /// Run in a worker (`explored()`), a combination whose coordinator traps or stalls is in `skips` on the next
    /// try and offers nothing, so the report is still written.
    static func ofRegisteredVariants(skipping skips: [ExplorationSkip] = []) throws -> [String: Set<ScreenTransition>] {
        var offered: [String: Set<ScreenTransition>] = [:]
        for registry in try CommandInputs.registries() {
            for combination in registry.combinationsCoveringEveryVariant {
                let named = registry.app.slots.compactMap { slot in
                    combination.first { $0.slot == slot.id }.map { SlotVariant(slot: slot.id, variant: $0.id) }
                }
                let label = ExplorationSkip.watchLabel(app: registry.app.name, combination: named)
                let described = SlotVariant.describe(named)
                if skips.contains(where: { $0.app == registry.app.name && $0.combination == described }) { continue }
                let exploration = FlowExploration(
                    app: registry.app, selection: VariantSelection(combination), maxStates: MapCommand.defaultMaxStates, watchLabel: label
                )
                let moves = transitions(of: VariantMap(combination: named, exploration: exploration, seconds: 0).screens)
                // A user of a variant may run it beside any variant of the other slots: its moves are those of
                // every combination explored with it.
                for variant in combination {
                    offered[variant.id, default: []].formUnion(moves)
                }
            }
        }
        return offered
    }

    /// The moves of `graph`, by screen name.
    static func transitions(of graph: ScreenGraph) -> Set<ScreenTransition> {
        let screens = Dictionary(graph.nodes.map { ($0.id, $0.screen) }, uniquingKeysWith: { first, _ in first })
        var moves: Set<ScreenTransition> = []
        if let start = graph.start, let screen = screens[start] ?? nil {
            moves.insert(ScreenTransition(from: ScreenTransition.start, to: screen))
        }
        for edge in graph.edges {
            guard let from = screens[edge.from] ?? nil, let to = screens[edge.to] ?? nil, from != to else { continue }
            moves.insert(ScreenTransition(from: from, to: to))
        }
        return moves
    }
}
