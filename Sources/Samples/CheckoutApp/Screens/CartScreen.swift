import Coordination

/// Shows the cart, lets the shopper change quantities, and starts checking out.
public protocol CartScreen: CheckoutFormScreen {
    /// The cart shown; the coordinator sets it again once the service saved a change.
    var cart: Cart { get set }
    /// Reports the quantity the shopper wants of each product shown, 0 to remove it.
    var onCheckout: (([Product.ID: Int]) -> Void)? { get set }
}
