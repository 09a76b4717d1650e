import SampleApps
import CheckoutApp
import Coordination
import MultiStepCheckout
import Testing
import VariantKit

@Suite("Checkout variants, registered by the build plugin")
struct RegistryTests {
    @Test("both checkout variant modules are registered once, with their slot, under the checkout app")
    func everyVariantIsRegistered() throws {
        let checkout = try #require(RegisteredApps.all.app(named: "checkout"))
        #expect(checkout.variants.map { "\($0.slot)/\($0.id)" }.sorted() == [
            "checkout-flow/multi-step-checkout", "checkout-flow/one-page-checkout",
        ])
        #expect(ObjectIdentifier(checkout.app) == ObjectIdentifier(Checkout.self))
        #expect(Checkout.slots.map(\.defaultVariant) == ["multi-step-checkout"])
    }

    @Test("a selection without a checkout flow does not compose")
    func compositionErrors() {
        #expect(throws: CompositionError("no variant chosen for slot \"checkout-flow\"")) {
            try Checkout.makeRootCoordinator(for: VariantSelection([]), navigator: Navigator())
        }
    }
}
