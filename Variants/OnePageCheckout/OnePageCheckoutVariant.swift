import CheckoutApp
import Coordination

/// The checkout with shipping and payment on one screen between the cart and the confirmation.
public enum OnePageCheckoutVariant: CheckoutFlowVariant {
    public static let id = "one-page-checkout"
    public static let summary = "Shipping and payment on one screen, pushed onto the cart; one submit places the order"

    public static func makeCoordinator(navigator: Navigator, services: CheckoutServices) -> Coordinator {
        OnePageCheckoutCoordinator(navigator: navigator, services: services)
    }
}
