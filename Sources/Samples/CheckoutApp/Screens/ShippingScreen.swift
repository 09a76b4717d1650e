import Coordination

/// Collects the shipping address.
public protocol ShippingScreen: CheckoutFormScreen {
    /// Reports the address the shopper submitted.
    var onSubmit: ((Address) -> Void)? { get set }
}
