import FlowMapping
import SampleApps
import Testing
import VariantHost
import VariantKit

@Suite("Every registered app's map passes every lint, quickly")
struct BundledAppMapTests {
    @Test("each registered app, every variant explored, has no lint", arguments: RegisteredApps.all.map { $0.app.name })
    func passes(app: String) async throws {
        let registered = try #require(RegisteredApps.all.app(named: app))
        let registry = try VariantRegistry(app: registered.app, variants: registered.variants)
        let map = await FlowMap.explore(registry.combinationsCoveringEveryVariant, of: registry, maxStates: 2_000)
        #expect(map.lints.isEmpty, "\(map.lints)")
        #expect(map.maps.allSatisfy { $0.isComplete })
        #expect(Set(map.maps.flatMap { $0.combination.map(\.variant) }) == Set(registered.variants.map { $0.id }))
        // Every slot with two variants is drawn as a comparison against its default.
        for slot in registered.app.slots where registry.variants(in: slot.id).count > 1 {
            #expect(map.comparisons.contains { $0.slot == slot.id })
        }
    }
}
