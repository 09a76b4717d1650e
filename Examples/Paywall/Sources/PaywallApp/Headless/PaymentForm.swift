import Coordination

/// The card form: what is bought, the card number and the name on it, and a `subscribe` action.
final class PaymentForm: PaymentScreen {
    let name = "payment"
    var onSubscribe: ((PaymentCard) -> Void)?
    var errorMessage: String? {
        didSet { content.error = errorMessage }
    }
    private(set) var content: ScreenContent

    init(plan: Plan, withTrial: Bool) {
        content = ScreenContent(
            title: withTrial ? "Your free week, then \(plan.price)" : "Premium, \(plan.price)",
            fields: [
                ScreenField(id: "card_number", label: "Card number"),
                ScreenField(id: "card_holder", label: "Name on card"),
            ],
            actions: [ScreenAction(id: "subscribe", title: withTrial ? "Start free week" : "Subscribe", submitsForm: true)]
        )
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        guard action == "subscribe" else { return }
        let card = PaymentCard(number: fields["card_number"] ?? "", holder: fields["card_holder"] ?? "")
        // The typed values stay shown for a retry.
        content.fields[0].value = card.number
        content.fields[1].value = card.holder
        onSubscribe?(card)
    }
}
