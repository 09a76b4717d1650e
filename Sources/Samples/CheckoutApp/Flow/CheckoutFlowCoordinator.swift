import Coordination

/// The base of checkout coordinators: the cart as the root screen, the service calls every
/// variant makes (each recorded as a mutation, its refusal shown on the screen), and the
/// confirmation that ends the flow.
///
/// Variants differ in what happens between the cart and the order: they override
/// `proceed(from:)` to collect the shipping address and the card on screens of their choosing,
/// then call `complete(with:)`.
open class CheckoutFlowCoordinator: Coordinator {
    /// The collaborators.
    public let services: CheckoutServices

    /// Creates a checkout showing its screens on `navigator`.
    public init(navigator: Navigator, services: CheckoutServices) {
        self.services = services
        super.init(navigator: navigator)
    }

    /// Shows the cart as the root screen. Checking out saves its quantities, then goes on with
    /// `proceed(from:)`; a refused quantity is shown on the cart.
    override open func start() {
        let cart = services.screens.makeCart(services.orders.cart)
        cart.onCheckout = { [unowned self, unowned cart] quantities in
            guard let updated = updateCart(quantities, errorsOn: cart) else { return }
            cart.cart = updated
            proceed(from: cart)
        }
        navigator.setRoot(cart, owner: self)
    }

    /// Takes the shopper from the saved cart to a placed order: what variants differ in.
    ///
    /// Called each time the cart is checked out, the cart screen being visible; refusals that
    /// happen before the next screen is shown belong on `cart`. The base does nothing, which
    /// leaves the shopper on the cart.
    open func proceed(from cart: any CartScreen) {}

    /// Shows the confirmation of `order` as the only screen and finishes the flow.
    public final func complete(with order: Order) {
        navigator.setRoot(services.screens.makeConfirmation(for: order), owner: self)
        finish()
    }

    /// Saves the cart's quantities, recording `update_cart`; on refusal shows the error on `screen`.
    public final func updateCart(_ quantities: [Product.ID: Int], errorsOn screen: any CheckoutFormScreen) -> Cart? {
        perform("update_cart", errorsOn: screen) { () throws(CheckoutError) in
            try services.orders.updateQuantities(quantities)
        }
    }

    /// Sets where the order ships and how fast, recording `set_shipping_address`; on refusal shows
    /// the error on `screen`.
    public final func setShippingAddress(_ address: Address, speed: ShippingSpeed, errorsOn screen: any CheckoutFormScreen) -> Cart? {
        perform("set_shipping_address", errorsOn: screen) { () throws(CheckoutError) in
            try services.orders.setShippingAddress(address, speed: speed)
        }
    }

    /// Starts the payment for the cart's total, recording `start_payment`: the shopper reached
    /// the payment step. On refusal shows the error on `screen`.
    public final func startPayment(errorsOn screen: any CheckoutFormScreen) -> Payment? {
        perform("start_payment", errorsOn: screen) { () throws(CheckoutError) in
            try services.orders.startPayment()
        }
    }

    /// Pays `payment` with `card` and places the order, recording `place_order` with what the order
    /// charged, in cents, of which shipping, and its number of items (`amount_cents`,
    /// `shipping_cents`, `items`); on refusal (a declined card, say) shows the error on `screen`.
    public final func placeOrder(paying payment: Payment, with card: PaymentCard, errorsOn screen: any CheckoutFormScreen) -> Order? {
        perform("place_order", errorsOn: screen, values: Self.values(of:)) { () throws(CheckoutError) in
            try services.orders.placeOrder(paying: payment, with: card)
        }
    }

    /// The numbers `place_order` is logged with.
    private static func values(of order: Order) -> [String: MutationValue] {
        [
            "amount_cents": .integer(order.total.cents),
            "shipping_cents": .integer(order.shippingSpeed.price.cents),
            "items": .integer(order.itemCount),
        ]
    }

    private func perform<Result>(
        _ operation: String,
        errorsOn screen: any CheckoutFormScreen,
        values: (Result) -> [String: MutationValue] = { _ in [:] },
        _ mutation: () throws(CheckoutError) -> Result
    ) -> Result? {
        do {
            let result = try mutation()
            recordMutation(operation, outcome: .succeeded, values: values(result))
            screen.errorMessage = nil
            return result
        } catch {
            recordMutation(operation, outcome: .failed(reason: error.code))
            screen.errorMessage = error.message
            return nil
        }
    }
}
