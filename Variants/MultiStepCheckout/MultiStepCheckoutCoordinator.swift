import CheckoutApp
import Coordination

/// A screen per step, pushed onto one stack: the shipping address and speed are saved when its screen is
/// submitted, and only then does payment start and its screen appear.
///
/// Back from payment returns to the shipping form filled in with the saved address and speed; back from
/// shipping returns to the cart, whose "Check out" comes forward again.
final class MultiStepCheckoutCoordinator: CheckoutFlowCoordinator {
    override func proceed(from cart: any CartScreen) {
        let shipping = services.screens.makeShipping(for: services.orders.cart)
        shipping.onSubmit = { [unowned self, unowned shipping] address, speed in
            guard let cart = setShippingAddress(address, speed: speed, errorsOn: shipping),
                  let payment = startPayment(errorsOn: shipping)
            else { return }
            showPayment(payment, for: cart)
        }
        navigator.push(shipping, owner: self)
    }

    private func showPayment(_ payment: Payment, for cart: Cart) {
        let screen = services.screens.makePayment(for: cart)
        screen.onPlaceOrder = { [unowned self, unowned screen] card in
            guard let order = placeOrder(paying: payment, with: card, errorsOn: screen) else { return }
            complete(with: order)
        }
        navigator.push(screen, owner: self)
    }
}
