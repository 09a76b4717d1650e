import Coordination

/// The cart as a form: a `quantity_<product>` field per line and a `checkout` action.
final class CartForm: CartScreen {
    var errorMessage: String? {
        didSet { content.error = errorMessage }
    }
    var onCheckout: (([Product.ID: Int]) -> Void)?
    var cart: Cart {
        didSet { content = Self.content(showing: cart, error: errorMessage) }
    }

    let name = "cart"
    private(set) var content: ScreenContent

    /// The identifier of the quantity field of `product`, such as `quantity_mug`.
    static func quantityFieldID(for product: Product.ID) -> ScreenField.ID {
        "quantity_\(product)"
    }

    init(cart: Cart) {
        self.cart = cart
        content = Self.content(showing: cart, error: nil)
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        guard action == "checkout" else { return }
        var quantities: [Product.ID: Int] = [:]
        var unreadable = false
        for (index, line) in cart.lines.enumerated() {
            let text = fields[content.fields[index].id] ?? content.fields[index].value
            content.fields[index].value = text
            if let quantity = Int(text.filter { $0 != " " }) {
                quantities[line.product.id] = quantity
            } else {
                unreadable = true
            }
        }
        // Reading a number is the form's job, as a stepper's would be; the quantities themselves the service judges.
        guard !unreadable else {
            errorMessage = "Enter each quantity as a whole number, 0 to remove the item."
            return
        }
        onCheckout?(quantities)
    }

    private static func content(showing cart: Cart, error: String?) -> ScreenContent {
        var body = cart.lines.map { line in
            "\(line.quantity) × \(line.product.name) at \(line.product.price): \(line.subtotal)"
        }
        body.append(cart.isEmpty ? "Your cart is empty." : "Total: \(cart.total) \(OrderSummaryText.shipping(of: cart)).")
        body.append("Set a quantity to 0 to remove the item.")
        return ScreenContent(
            title: "Your cart",
            body: body,
            error: error,
            fields: cart.lines.map { line in
                ScreenField(id: quantityFieldID(for: line.product.id), label: "Quantity of \(line.product.name)", value: String(line.quantity))
            },
            actions: [ScreenAction(id: "checkout", title: "Check out", submitsForm: true)],
            allowsBack: false
        )
    }
}
