import Coordination
import VariantKit

/// A variant of the checkout-flow slot: makes the session's root coordinator, which runs the
/// checkout from the cart to the confirmation.
public protocol CheckoutFlowVariant: FlowVariant {
    /// Creates the checkout's root coordinator; the host starts it.
    static func makeCoordinator(navigator: Navigator, services: CheckoutServices) -> Coordinator
}

extension CheckoutFlowVariant {
    /// The checkout-flow slot.
    public static var slot: String { CheckoutSlot.checkoutFlow.id }
}
