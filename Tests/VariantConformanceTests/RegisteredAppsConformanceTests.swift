import SampleApps
import Testing
import VariantConformance
import VariantKit

@Suite("Every registered app and variant passes the conformance suite")
struct RegisteredAppsConformanceTests {
    @Test("the registry holds at least one app")
    func registryIsNotEmpty() {
        #expect(!RegisteredApps.all.isEmpty)
    }

    @Test("each registered app, with every variant registered for it, conforms", arguments: RegisteredApps.all.map { $0.app.name })
    func conforms(app: String) async throws {
        let registered = try #require(RegisteredApps.all.app(named: app))
        let report = await VariantConformance.check(registered)
        #expect(report.passed, "\(report)")
        #expect(report.combinations.flatMap { $0 }.count >= registered.variants.count)
        #expect(Set(report.combinations.flatMap { $0 }) == Set(registered.variants.map { $0.id }))
    }
}
