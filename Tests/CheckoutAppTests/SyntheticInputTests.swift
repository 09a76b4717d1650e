import CheckoutApp
import Coordination
import CoordinationTesting
import MultiStepCheckout
import OnePageCheckout
import Testing
import VariantKit

@Suite("Synthetic input: what simulated shoppers type")
struct SyntheticInputTests {
    /// The free-text fields of every screen that has fields.
    private static var textFields: Set<ScreenField.ID> {
        let factory = HeadlessCheckoutScreens()
        var cart = SampleStore.cart
        cart.shippingAddress = Address(fullName: "Ada", street: "1 Main Street", city: "Springfield", postcode: "12345")
        let screens: [any Screen] = [
            factory.makeCart(cart), factory.makeShipping(for: SampleStore.cart), factory.makePayment(for: cart), factory.makeShippingPayment(for: cart),
        ]
        return Set(screens.flatMap(\.content.fields).filter { field in
            if case .choice = field.kind { false } else { true }
        }.map(\.id))
    }

    /// Submits a screen's form with the valid synthetic value of each field, `broken` giving one field another value.
    private static func submit(_ action: ScreenAction.ID, _ fields: [ScreenField.ID], user: Int, broken: (field: String, value: String)? = nil) -> UserTurn {
        var values: [ScreenField.ID: String] = [:]
        for field in fields {
            let valid = Checkout.syntheticInput.fields[field]?.valid ?? ""
            values[field] = valid.replacing(SyntheticInput.userMarker, with: String(user))
        }
        if let broken { values[broken.field] = broken.value }
        return .perform(action, fields: values)
    }

    private static let quantityFields = ["quantity_beans", "quantity_mug"]
    private static let addressFields = ["full_name", "street", "city", "postcode"]
    private static let cardFields = ["card_number", "card_cvc"]

    @Test("every free-text field of every checkout screen has synthetic values, and every value names a field")
    func coversEveryField() {
        #expect(Set(Checkout.syntheticInput.fields.keys) == Self.textFields)
        #expect(Checkout.syntheticInput.fields.values.allSatisfy { !$0.invalid.isEmpty })
    }

    @Test("the valid values, the user's number filled in, complete both flows without a refusal", arguments: ["multi-step-checkout", "one-page-checkout"])
    func validValuesComplete(checkoutFlowID: String) throws {
        let variant = try checkoutFlow(checkoutFlowID)
        let afterCart = variant == OnePageCheckoutVariant.self
            ? [Self.submit("place_order", Self.addressFields + Self.cardFields, user: 42)]
            : [Self.submit("continue_to_payment", Self.addressFields, user: 42), Self.submit("place_order", Self.cardFields, user: 42)]
        let root = try makeRoot(variant)
        let recording = FlowRecording.walk(root, turns: [Self.submit("checkout", Self.quantityFields, user: 42)] + afterCart)
        #expect(recording.outcome == .completed(screen: "confirmation"))
        #expect(!recording.mutations.contains { $0.contains(":failed(") })
        #expect(orderService(of: root)?.orders.first?.shippingAddress.street == "42 Main Street")
    }

    @Test("each invalid value is refused by the order service, which records the failure", arguments: [
        "quantity_beans", "quantity_mug", "full_name", "street", "city", "postcode", "card_number", "card_cvc",
    ])
    func invalidValuesAreRefused(field: String) throws {
        for value in Checkout.syntheticInput.fields[field]?.invalid ?? [] {
            let broken = (field: field, value: value)
            let recording = try walk(OnePageCheckoutVariant.self, [
                Self.submit("checkout", Self.quantityFields, user: 1, broken: Self.quantityFields.contains(field) ? broken : nil),
                Self.submit("place_order", Self.addressFields + Self.cardFields, user: 1, broken: broken),
            ])
            #expect(recording.mutations.contains { $0.contains(":failed(") }, "\(field) = \"\(value)\"")
            #expect(!recording.outcome.isCompleted, "\(field) = \"\(value)\"")
        }
    }
}
