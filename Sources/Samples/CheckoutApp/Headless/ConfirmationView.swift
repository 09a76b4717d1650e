import Coordination

/// The confirmation: the order number, what was charged and where it ships; nothing left to do.
final class ConfirmationView: ConfirmationScreen {
    let name = "confirmation"
    /// Built when first read: a flow usually ends as the confirmation appears, before anyone looks.
    private(set) lazy var content: ScreenContent = {
        var body = ["Paid \(order.total) with the card ending in \(order.cardLastFour)."]
        body += order.lines.map { "\($0.quantity) × \($0.product.name)" }
        body.append("Ships \(order.shippingSpeed == .express ? "express " : "")to \(order.shippingAddress.singleLine).")
        return ScreenContent(title: "Thank you! Order #\(order.number) is placed", body: body, allowsBack: false)
    }()
    private let order: Order

    init(order: Order) {
        self.order = order
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {}
}
