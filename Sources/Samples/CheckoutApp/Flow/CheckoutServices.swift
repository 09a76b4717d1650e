/// The collaborators every checkout coordinator works with.
public struct CheckoutServices {
    /// Makes the screens.
    public var screens: any CheckoutScreenFactory
    /// Changes the model: the cart, its shipping address, payments and orders.
    public var orders: any OrderService

    /// Creates the set of collaborators.
    public init(screens: any CheckoutScreenFactory, orders: any OrderService) {
        self.screens = screens
        self.orders = orders
    }
}
