/// Makes the app's screens. Coordinators ask it for screens and never build them themselves,
/// so every variant shows the same screens and a platform can supply its own.
public protocol CheckoutScreenFactory {
    /// The cart screen showing `cart`.
    func makeCart(_ cart: Cart) -> any CartScreen
    /// The shipping address form, filled in from `draft`.
    func makeShipping(draft: Address?) -> any ShippingScreen
    /// The payment form for `cart`, whose total and shipping address it shows.
    func makePayment(for cart: Cart) -> any PaymentScreen
    /// The form taking the shipping address and the card at once, for `cart`, its address
    /// filled in from the cart's shipping address if it has one.
    func makeShippingPayment(for cart: Cart) -> any ShippingPaymentScreen
    /// The confirmation of `order`.
    func makeConfirmation(for order: Order) -> any ConfirmationScreen
}
