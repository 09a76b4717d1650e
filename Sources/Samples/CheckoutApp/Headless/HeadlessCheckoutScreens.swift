/// The app's screens as plain, UI-free objects that describe themselves as `ScreenContent`.
///
/// The terminal, the simulated users and tests all drive these; an iOS build would supply
/// view controllers implementing the same screen protocols instead.
public struct HeadlessCheckoutScreens: CheckoutScreenFactory {
    /// Creates the factory.
    public init() {}

    public func makeCart(_ cart: Cart) -> any CartScreen { CartForm(cart: cart) }

    public func makeShipping(for cart: Cart) -> any ShippingScreen { ShippingForm(cart: cart) }

    public func makePayment(for cart: Cart) -> any PaymentScreen { PaymentForm(cart: cart) }

    public func makeShippingPayment(for cart: Cart) -> any ShippingPaymentScreen { ShippingPaymentForm(cart: cart) }

    public func makeConfirmation(for order: Order) -> any ConfirmationScreen { ConfirmationView(order: order) }
}
