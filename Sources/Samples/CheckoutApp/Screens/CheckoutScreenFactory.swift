/// Makes the app's screens. Coordinators ask it for screens and never build them themselves,
/// so every variant shows the same screens and a platform can supply its own.
public protocol CheckoutScreenFactory {
    /// The cart screen showing `cart`.
    func makeCart(_ cart: Cart) -> any CartScreen
    /// The shipping form, filled in with the shipping address and speed of `cart`.
    func makeShipping(for cart: Cart) -> any ShippingScreen
    /// The payment form for `cart`, whose total and shipping address it shows.
    func makePayment(for cart: Cart) -> any PaymentScreen
    /// The form taking the shipping address, its speed and the card at once, for `cart`, filled
    /// in with the cart's shipping address, if it has one, and speed.
    func makeShippingPayment(for cart: Cart) -> any ShippingPaymentScreen
    /// The confirmation of `order`.
    func makeConfirmation(for order: Order) -> any ConfirmationScreen
}
