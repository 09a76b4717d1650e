import Coordination

/// The confirmation: the order number, what was charged and where it ships; nothing left to do.
final class ConfirmationView: ConfirmationScreen {
    let name = "confirmation"
    let content: ScreenContent

    init(order: Order) {
        var body = ["Paid \(order.total) with the card ending in \(order.cardLastFour)."]
        body += order.lines.map { "\($0.quantity) × \($0.product.name)" }
        body.append("Ships \(order.shippingSpeed == .express ? "express " : "")to \(order.shippingAddress.singleLine).")
        content = ScreenContent(title: "Thank you! Order #\(order.number) is placed", body: body, allowsBack: false)
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {}
}
