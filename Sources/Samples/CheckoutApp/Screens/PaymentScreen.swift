import Coordination

/// Shows what the order costs and where it ships, and collects the card that pays for it.
public protocol PaymentScreen: CheckoutFormScreen {
    /// Reports the card the shopper wants to place the order with.
    var onPlaceOrder: ((PaymentCard) -> Void)? { get set }
}
