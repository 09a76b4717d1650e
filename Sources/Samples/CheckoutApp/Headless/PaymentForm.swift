import Coordination

/// The payment step as a form: the total and the address it ships to, the two card fields and a
/// `place_order` action.
final class PaymentForm: PaymentScreen {
    var errorMessage: String? {
        didSet { content.error = errorMessage }
    }
    var onPlaceOrder: ((PaymentCard) -> Void)?

    let name = "payment"
    private(set) var content: ScreenContent

    init(cart: Cart) {
        var body = [OrderSummaryText.total(of: cart)]
        if let address = cart.shippingAddress { body.append("Ships to \(address.singleLine).") }
        content = ScreenContent(
            title: "Payment",
            body: body,
            fields: CardFields.empty,
            actions: [ScreenAction(id: "place_order", title: "Place order", submitsForm: true)]
        )
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        guard action == "place_order" else { return }
        onPlaceOrder?(CardFields.take(fields, from: &content.fields, from: 0))
    }
}
