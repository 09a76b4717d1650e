import VariantHost
import VariantKit

/// The flow map of an app: every combination of variants asked for, explored from the real
/// coordinators (`FlowExploration`), the comparisons of the maps that differ in one slot, and the
/// lints over them (`MapLint`).
package struct FlowMap: Sendable {
    /// The app's name.
    package var app: String
    /// The state limit each map was explored under.
    package var maxStates: Int
    /// The maps, one per combination, in the order asked for.
    package var maps: [VariantMap]
    /// The maps that differ in one slot, drawn together.
    package var comparisons: [MapComparison]
    /// What the maps show wrong.
    package var lints: [MapLint]
    /// How long exploring every map took, in seconds (maps are explored in parallel).
    package var seconds: Double

    /// Explores `combinations` of the variants of `registry`, up to `maxStates` states each, on up to
    /// `jobs` threads, and lints the maps against `funnels`. A combination `skips` names is not explored:
    /// its map is empty and a lint says how its coordinators trapped or stalled.
    ///
    /// - Parameter baselines: each slot's baseline variant, which comparisons set the slot's other
    ///   variants against; by default the slot's default.
    package static func explore(
        _ combinations: [[any FlowVariant.Type]],
        of registry: VariantRegistry,
        maxStates: Int,
        funnels: [FunnelExpectation] = [],
        baselines: [String: String] = [:],
        jobs: Int = 2,
        skips: [ExplorationSkip] = []
    ) async -> FlowMap {
        let app = registry.app
        let clock = ContinuousClock()
        let started = clock.now
        var maps: [VariantMap?] = Array(repeating: nil, count: combinations.count)
        let selections = combinations.map { VariantSelection($0) }
        let named = combinations.map { combination in
            app.slots.compactMap { slot in
                combination.first { $0.slot == slot.id }.map { SlotVariant(slot: slot.id, variant: $0.id) }
            }
        }
        await withTaskGroup(of: (Int, VariantMap).self) { group in
            var next = 0
            func addTask() {
                let index = next
                next += 1
                let selection = selections[index]
                let combination = named[index]
                let label = ExplorationSkip.watchLabel(app: app.name, combination: combination)
                let skip = skips.first { $0.app == app.name && $0.combination == SlotVariant.describe(combination) }
                group.addTask {
                    if let skip { return (index, VariantMap(combination: combination, failure: skip)) }
                    let begun = ContinuousClock.now
                    let exploration = FlowExploration(app: app, selection: selection, maxStates: maxStates, watchLabel: label)
                    let seconds = Self.seconds(ContinuousClock.now - begun)
                    return (index, VariantMap(combination: combination, exploration: exploration, seconds: seconds))
                }
            }
            while next < combinations.count && next < max(1, jobs) { addTask() }
            for await (index, map) in group {
                maps[index] = map
                if next < combinations.count { addTask() }
            }
        }
        let explored = maps.compactMap { $0 }
        var slotBaselines = Dictionary(uniqueKeysWithValues: app.slots.map { ($0.id, $0.defaultVariant) })
        slotBaselines.merge(baselines) { _, chosen in chosen }
        let registered = Set(registry.variants.map { $0.id })
        let run = Set(explored.flatMap { $0.combination.map(\.variant) })
        let lints = FlowMapLinter.lints(of: explored, app: app, funnels: funnels, coversEveryVariant: registered.isSubset(of: run))
        return FlowMap(
            app: app.name, maxStates: maxStates, maps: explored,
            comparisons: MapComparison.pairs(of: explored, baselines: slotBaselines), lints: lints,
            seconds: seconds(clock.now - started)
        )
    }

    /// How many states the maps hold together.
    package var stateCount: Int { maps.reduce(0) { $0 + $1.states.count } }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
