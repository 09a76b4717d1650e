import SampleApps
import Coordination
import OnboardingApp
import PhoneOnboarding
import SignupBeforeProfile
import Testing
import VariantKit

@Suite("Bundled variants, registered by the build plugin")
struct RegistryTests {
    @Test("every onboarding variant module is registered once, with its slot, under the onboarding app")
    func everyVariantIsRegistered() throws {
        let onboarding = try #require(RegisteredApps.all.app(named: "onboarding"))
        let registered = onboarding.variants.map { "\($0.slot)/\($0.id)" }
        #expect(registered.sorted() == [
            "app-shell/phone", "app-shell/tablet", "auth-flow/signup-after-profile", "auth-flow/signup-before-profile",
        ])
        #expect(ObjectIdentifier(onboarding.app) == ObjectIdentifier(Onboarding.self))
    }

    @Test("a selection missing a slot or filling it with the wrong kind of variant does not compose")
    func compositionErrors() {
        #expect(throws: CompositionError("no variant chosen for slot \"auth-flow\"")) {
            try Onboarding.makeRootCoordinator(for: VariantSelection([PhoneOnboardingVariant.self]), navigator: Navigator())
        }
        #expect(throws: CompositionError.self) {
            try VariantSelection([SignupBeforeProfileVariant.self])
                .variant(for: "auth-flow", as: (any AppShellVariant.Type).self)
        }
    }
}
