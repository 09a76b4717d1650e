import Coordination
import VariantKit

/// The second sample app: a checkout from the cart through shipping and payment to the confirmation.
///
/// Every session shops in `SampleStore`: a cart of beans and mugs, of which few mugs are left.
public enum Checkout: HostedApp {
    public static let name = "checkout"

    public static var slots: [AppSlot] { [CheckoutSlot.checkoutFlow] }

    /// The screens of `HeadlessCheckoutScreens`: a variant shows some of them.
    public static var screenNames: [String] { ["cart", "shipping", "payment", "shipping_payment", "confirmation"] }

    /// Valid values the order service accepts; invalid ones it refuses as more than the stock
    /// holds, a blank or malformed address, a card number that is not one, a declined card, or a
    /// malformed security code.
    public static let syntheticInput = SyntheticInput(fields: [
        CartForm.quantityFieldID(for: SampleStore.beans.id): .init(valid: "1", invalid: ["25"]),
        CartForm.quantityFieldID(for: SampleStore.mug.id): .init(valid: "2", invalid: ["5"]),
        "full_name": .init(valid: "Shopper {user}", invalid: [" "]),
        "street": .init(valid: "{user} Main Street", invalid: [" "]),
        "city": .init(valid: "Springfield", invalid: [" "]),
        "postcode": .init(valid: "12345", invalid: ["1234", "ABCDE"]),
        "card_number": .init(valid: "4242 4242 4242 4242", invalid: ["4000 0000 0000 0002", "4242 4242 4242 4241"]),
        "card_cvc": .init(valid: "123", invalid: ["12"]),
    ])

    public static func makeRootCoordinator(
        for selection: VariantSelection,
        navigator: Navigator
    ) throws(CompositionError) -> Coordinator {
        let variant = try selection.variant(for: CheckoutSlot.checkoutFlow.id, as: (any CheckoutFlowVariant.Type).self)
        let services = CheckoutServices(screens: HeadlessCheckoutScreens(), orders: SampleStore.makeOrderService())
        return variant.coordinator { $0.makeCoordinator(navigator: navigator, services: services) }
    }
}
