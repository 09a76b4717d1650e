import Coordination

/// Collects the shipping address and the card on one screen, and places the order.
public protocol ShippingPaymentScreen: CheckoutFormScreen {
    /// Reports the address and the card the shopper wants to place the order with.
    var onPlaceOrder: ((Address, PaymentCard) -> Void)? { get set }
}
