import Coordination

/// Shipping and payment as one form: the total, the four address fields, the shipping speed, the
/// two card fields and a `place_order` action.
final class ShippingPaymentForm: ShippingPaymentScreen {
    var errorMessage: String? {
        didSet { content.error = errorMessage }
    }
    var onPlaceOrder: ((Address, ShippingSpeed, PaymentCard) -> Void)?

    let name = "shipping_payment"
    private(set) var content: ScreenContent

    /// Where the speed field stands: after the address.
    private static let speedIndex = AddressFields.empty.count

    init(cart: Cart) {
        content = ScreenContent(
            title: "Checkout",
            body: [OrderSummaryText.total(of: cart), ShippingSpeedField.offer],
            fields: AddressFields.empty + [ShippingSpeedField.showing(cart.shippingSpeed)] + CardFields.empty,
            actions: [ScreenAction(id: "place_order", title: "Place order", submitsForm: true)]
        )
        if let address = cart.shippingAddress { AddressFields.show(address, in: &content.fields, from: 0) }
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        guard action == "place_order" else { return }
        let address = AddressFields.take(fields, from: &content.fields, from: 0)
        let speed = ShippingSpeedField.take(fields, from: &content.fields, at: Self.speedIndex)
        let card = CardFields.take(fields, from: &content.fields, from: Self.speedIndex + 1)
        onPlaceOrder?(address, speed, card)
    }
}
