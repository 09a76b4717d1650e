/// The collaborator coordinators change the model through: the shopper's cart, its shipping
/// address, payment and orders.
///
/// Screens never call it; coordinators do, and show its errors on the screen.
public protocol OrderService: AnyObject {
    /// The shopper's cart as the service holds it.
    var cart: Cart { get }
    /// Sets the quantity of each product named, 0 removing it, and returns the updated cart.
    ///
    /// Changes nothing unless every quantity is accepted and the cart is left non-empty.
    func updateQuantities(_ quantities: [Product.ID: Int]) throws(CheckoutError) -> Cart
    /// Sets where the order ships, with surrounding spaces trimmed, and how fast, and returns the
    /// updated cart, whose total includes the shipping.
    func setShippingAddress(_ address: Address, speed: ShippingSpeed) throws(CheckoutError) -> Cart
    /// Starts a payment for the cart's total, to be confirmed with a card by `placeOrder`.
    func startPayment() throws(CheckoutError) -> Payment
    /// Charges `card` for `payment` and turns the cart into an order, emptying the cart.
    func placeOrder(paying payment: Payment, with card: PaymentCard) throws(CheckoutError) -> Order
}
