import CheckoutApp
import Coordination
import CoordinationTesting
import MultiStepCheckout
import OnePageCheckout
import VariantKit

/// Builds the checkout app's root coordinator for a checkout-flow variant.
func makeRoot(_ variant: any CheckoutFlowVariant.Type) throws -> Coordinator {
    try Checkout.makeRootCoordinator(for: VariantSelection([variant]), navigator: Navigator())
}

/// Walks the checkout app with a scripted user.
func walk(_ variant: any CheckoutFlowVariant.Type, _ turns: [UserTurn]) throws -> FlowRecording {
    FlowRecording.walk(try makeRoot(variant), turns: turns)
}

/// The order service of a root coordinator made by `makeRoot`.
func orderService(of root: Coordinator) -> InMemoryOrderService? {
    (root as? CheckoutFlowCoordinator)?.services.orders as? InMemoryOrderService
}

var checkoutFlows: [any CheckoutFlowVariant.Type] { [MultiStepCheckoutVariant.self, OnePageCheckoutVariant.self] }

/// The checkout flow whose id is `id`, as the parameterised specs name them.
func checkoutFlow(_ id: String) throws -> any CheckoutFlowVariant.Type {
    guard let variant = checkoutFlows.first(where: { $0.id == id }) else { throw UnknownVariant(id: id) }
    return variant
}

/// Scripted turns for the checkout screens.
enum Turn {
    static let goodCard = "4242 4242 4242 4242"
    static let declinedCard = "4000 0000 0000 0002"

    /// Checks the cart out with the quantities it shows.
    static let checkout = UserTurn.perform("checkout")

    /// Checks the cart out with these quantities of beans and mugs.
    static func checkout(beans: Int = 1, mugs: Int) -> UserTurn {
        .perform("checkout", fields: ["quantity_beans": String(beans), "quantity_mug": String(mugs)])
    }

    /// The address fields, and the shipping speed when one is chosen rather than left as shown.
    static func addressFields(street: String, postcode: String, speed: ShippingSpeed? = nil) -> [String: String] {
        var fields = ["full_name": "Ada Lovelace", "street": street, "city": "Springfield", "postcode": postcode]
        if let speed { fields["shipping_speed"] = speed.rawValue }
        return fields
    }

    static func cardFields(_ number: String, cvc: String) -> [String: String] {
        ["card_number": number, "card_cvc": cvc]
    }

    /// Submits the shipping form (multi-step).
    static func ship(street: String = "12 Main Street", postcode: String = "12345", speed: ShippingSpeed? = nil) -> UserTurn {
        .perform("continue_to_payment", fields: addressFields(street: street, postcode: postcode, speed: speed))
    }

    /// Submits the payment form (multi-step).
    static func pay(_ number: String = goodCard, cvc: String = "123") -> UserTurn {
        .perform("place_order", fields: cardFields(number, cvc: cvc))
    }

    /// Submits the shipping-and-payment form (one page).
    static func shipAndPay(
        street: String = "12 Main Street",
        postcode: String = "12345",
        card number: String = goodCard,
        cvc: String = "123",
        speed: ShippingSpeed? = nil
    ) -> UserTurn {
        .perform(
            "place_order",
            fields: addressFields(street: street, postcode: postcode, speed: speed).merging(cardFields(number, cvc: cvc)) { _, card in card }
        )
    }

    /// The turns after the cart that place an order with good details, for `variant`, shipping
    /// as the form shows unless `speed` is chosen.
    static func placeOrder(_ variant: any CheckoutFlowVariant.Type, speed: ShippingSpeed? = nil) -> [UserTurn] {
        variant == OnePageCheckoutVariant.self ? [shipAndPay(speed: speed)] : [ship(speed: speed), pay()]
    }
}

/// A parameterised spec named a variant the test target does not know.
struct UnknownVariant: Error {
    let id: String
}
