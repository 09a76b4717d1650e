import Coordination

/// Collects the shipping address and how fast the order ships.
public protocol ShippingScreen: CheckoutFormScreen {
    /// Reports the address and the shipping speed the shopper submitted.
    var onSubmit: ((Address, ShippingSpeed) -> Void)? { get set }
}
