/// The text the checkout's screens tell the order's cost with.
enum OrderSummaryText {
    /// `Total: $37.00 for 3 items with free shipping.`, or `… with express shipping at $6.00.`:
    /// the line the payment forms open with.
    static func total(of cart: Cart) -> String {
        let items = cart.itemCount == 1 ? "1 item" : "\(cart.itemCount) items"
        return "Total: \(cart.total) for \(items) \(shipping(of: cart))."
    }

    /// `with free shipping`, or `with express shipping at $6.00`.
    static func shipping(of cart: Cart) -> String {
        switch cart.shippingSpeed {
        case .standard: "with free shipping"
        case .express: "with express shipping at \(cart.shippingSpeed.price)"
        }
    }
}
