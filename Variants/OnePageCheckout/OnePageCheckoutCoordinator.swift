import CheckoutApp
import Coordination

/// Shipping and payment on one screen: payment starts as the screen opens, and one submit saves
/// the address and then places the order. A refusal of either is shown on that screen, which
/// keeps what was typed, bar the security code.
///
/// Back returns to the cart; checking out again opens a fresh form with the saved address.
final class OnePageCheckoutCoordinator: CheckoutFlowCoordinator {
    override func proceed(from cart: any CartScreen) {
        guard let payment = startPayment(errorsOn: cart) else { return }
        let screen = services.screens.makeShippingPayment(for: services.orders.cart)
        screen.onPlaceOrder = { [unowned self, unowned screen] address, card in
            guard setShippingAddress(address, errorsOn: screen) != nil,
                  let order = placeOrder(paying: payment, with: card, errorsOn: screen)
            else { return }
            complete(with: order)
        }
        navigator.push(screen, owner: self)
    }
}
