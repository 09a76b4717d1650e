import CheckoutApp
import Coordination

/// The checkout with a screen per step: cart, shipping, payment, confirmation.
public enum MultiStepCheckoutVariant: CheckoutFlowVariant {
    public static let id = "multi-step-checkout"
    public static let summary = "A screen per step: the cart, then the shipping address, then payment, each pushed onto the last"

    public static func makeCoordinator(navigator: Navigator, services: CheckoutServices) -> Coordinator {
        MultiStepCheckoutCoordinator(navigator: navigator, services: services)
    }
}
