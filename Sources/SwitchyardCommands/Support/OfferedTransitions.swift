import FlowEvents
import FlowMapping
import FlowReports
import VariantHost
import VariantKit

/// What each registered variant's explored flow maps tell a report: the moves between screens they offer, by screen
/// name, for its users' observed paths to be set against, and the steps of each configured funnel they can skip.
enum OfferedTransitions {
    /// What the maps tell, as it crosses from the worker to the command: each move as [from, to].
    struct Explored: Codable, Sendable {
        var moves: [String: [[String]]]
        /// Per experiment key, then variant, the indices of the funnel's steps some map running the variant can skip.
        var skippable: [String: [String: [Int]]]
    }

    /// `ofRegisteredVariants(skipping:)`, explored in a worker the command watches (`ExplorationSupervisor`): a
    /// combination whose coordinator traps or stalls offers nothing, and the command goes on.
    static func explored() async throws -> [String: Set<ScreenTransition>] {
        try await explored(plans: [:]).offered
    }

    /// The moves each variant's maps offer, and per experiment of `plans` whose funnel's steps are configured, the
    /// steps each of its variations' maps can skip (`FunnelStepSkips`), explored in a watched worker.
    static func explored(
        plans: [String: ExperimentAnalysisPlan]
    ) async throws -> (offered: [String: Set<ScreenTransition>], skippable: [String: [String: [Int]]]) {
        let explored = try await ExplorationSupervisor.explore { skips in
            try ofRegisteredVariants(skipping: skips, plans: plans)
        }
        let offered = explored.moves.mapValues { pairs in
            Set(pairs.compactMap { $0.count == 2 ? ScreenTransition(from: $0[0], to: $0[1]) : nil })
        }
        return (offered, explored.skippable)
    }

    /// Per variant id, every move its maps offer: those of each combination explored with it (the defaults, and
    /// each other variant beside the defaults); a screen presented modally is the same screen as pushed (events do not tell them
    /// apart), and an end of the flow is the screen it ended on. Per experiment of `plans` with configured steps, the
    /// steps each variation's maps can skip, over every combination explored with it.
    ///
    /// Run in a worker (`explored()`), a combination whose coordinator traps or stalls is in `skips` on the next
    /// try and offers nothing, so the report is still written.
    static func ofRegisteredVariants(
        skipping skips: [ExplorationSkip] = [], plans: [String: ExperimentAnalysisPlan] = [:]
    ) throws -> Explored {
        var offered: [String: Set<ScreenTransition>] = [:]
        var skippable: [String: [String: Set<Int>]] = [:]
        let funnels = plans.compactMap { key, plan -> (key: String, variations: [String], steps: [EventMatcher])? in
            guard let steps = plan.funnel?.steps, !steps.isEmpty else { return nil }
            return (key, plan.variations, steps.map(\.matcher))
        }
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
                let map = VariantMap(combination: named, exploration: exploration, seconds: 0)
                let moves = transitions(of: map.screens)
                // A user of a variant may run it beside any variant of the other slots: its moves are those of
                // every combination explored with it.
                for variant in combination {
                    offered[variant.id, default: []].formUnion(moves)
                }
                for funnel in funnels {
                    let running = combination.filter { funnel.variations.contains($0.id) }
                    guard !running.isEmpty else { continue }
                    let skipped = FunnelStepSkips(of: map, steps: funnel.steps).skippable
                    for variant in running {
                        skippable[funnel.key, default: [:]][variant.id, default: []].formUnion(skipped)
                    }
                }
            }
        }
        return Explored(
            moves: offered.mapValues { $0.map { [$0.from, $0.to] } },
            skippable: skippable.mapValues { $0.mapValues { $0.sorted() } }
        )
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
