import PaywallRegistry
import Testing
import VariantConformance
import VariantKit

@Suite("Every app this package registers passes Switchyard's conformance suite")
struct ConformanceTests {
    @Test("the registry holds this package's apps")
    func registryIsNotEmpty() {
        #expect(!RegisteredApps.all.isEmpty)
    }

    @Test("each registered app, with every variant registered for it, conforms", arguments: RegisteredApps.all.map { $0.app.name })
    func conforms(app: String) async throws {
        let registered = try #require(RegisteredApps.all.app(named: app))
        let report = await VariantConformance.check(registered)
        #expect(report.passed, "\(report)")
        #expect(Set(report.combinations.flatMap { $0 }) == Set(registered.variants.map { $0.id }))
    }
}
