import CheckoutApp
import Coordination

/// Shipping and payment on one screen: payment starts as the screen opens, and one submit saves
/// the address and its shipping speed and then places the order. A refusal of either is shown on
/// that screen, which keeps what was typed, bar the security code.
///
/// Express shipping raises the total the payment was started for: the payment is then started
/// again for the new total before the order is placed.
///
/// Back returns to the cart; checking out again opens a fresh form with the saved address.
final class OnePageCheckoutCoordinator: CheckoutFlowCoordinator {
    override func proceed(from cart: any CartScreen) {
        guard var payment = startPayment(errorsOn: cart) else { return }
        let screen = services.screens.makeShippingPayment(for: services.orders.cart)
        screen.onPlaceOrder = { [unowned self, unowned screen] address, speed, card in
            guard let cart = setShippingAddress(address, speed: speed, errorsOn: screen) else { return }
            if payment.amount != cart.total {
                guard let repriced = startPayment(errorsOn: screen) else { return }
                payment = repriced
            }
            guard let order = placeOrder(paying: payment, with: card, errorsOn: screen) else { return }
            complete(with: order)
        }
        navigator.push(screen, owner: self)
    }
}
