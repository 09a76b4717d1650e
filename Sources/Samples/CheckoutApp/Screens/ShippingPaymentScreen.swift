import Coordination

/// Collects the shipping address, the shipping speed and the card on one screen, and places the order.
public protocol ShippingPaymentScreen: CheckoutFormScreen {
    /// Reports the address, the shipping speed and the card the shopper wants to place the order with.
    var onPlaceOrder: ((Address, ShippingSpeed, PaymentCard) -> Void)? { get set }
}
