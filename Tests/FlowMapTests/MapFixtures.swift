import FlowMapping
import PlantedApps
import VariantHost
import VariantKit

/// Maps of the test-only apps, explored as `switchyard map` explores them.
enum MapFixtures {
    /// The map of `app` with `variants` registered: every combination covering them, or those `choices` name.
    static func map(
        _ app: any HostedApp.Type = TrailApp.self,
        variants: [any FlowVariant.Type],
        choices: [String] = [],
        maxStates: Int = 2_000,
        funnels: [FunnelExpectation] = []
    ) async throws -> FlowMap {
        let registry = try VariantRegistry(app: app, variants: variants)
        let chosen = try VariantChoices(choices, registry: registry)
        return await FlowMap.explore(
            chosen.combinations(in: registry), of: registry, maxStates: maxStates, funnels: funnels,
            baselines: Dictionary(uniqueKeysWithValues: chosen.bySlot.map { ($0.slot, $0.variants[0]) })
        )
    }

    /// The lints of `kind` in `map`.
    static func lints(_ kind: MapLint.Kind, in map: FlowMap) -> [MapLint] {
        map.lints.filter { $0.kind == kind }
    }
}
