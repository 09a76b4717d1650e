/// The line the payment forms open with: what the order costs, for how many items.
enum OrderSummaryText {
    /// `Total: $37.00 for 3 items with free shipping.`
    static func total(of cart: Cart) -> String {
        let items = cart.itemCount == 1 ? "1 item" : "\(cart.itemCount) items"
        return "Total: \(cart.total) for \(items) with free shipping."
    }
}
