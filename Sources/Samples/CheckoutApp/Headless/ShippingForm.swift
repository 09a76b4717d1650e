import Coordination

/// The shipping step as a form: the four address fields, the shipping speed and a
/// `continue_to_payment` action.
final class ShippingForm: ShippingScreen {
    var errorMessage: String? {
        didSet { content.error = errorMessage }
    }
    var onSubmit: ((Address, ShippingSpeed) -> Void)?

    let name = "shipping"
    private(set) var content: ScreenContent

    init(cart: Cart) {
        content = ScreenContent(
            title: "Shipping",
            body: [ShippingSpeedField.offer],
            fields: AddressFields.empty + [ShippingSpeedField.showing(cart.shippingSpeed)],
            actions: [ScreenAction(id: "continue_to_payment", title: "Continue to payment", submitsForm: true)]
        )
        if let address = cart.shippingAddress { AddressFields.show(address, in: &content.fields, from: 0) }
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        guard action == "continue_to_payment" else { return }
        let address = AddressFields.take(fields, from: &content.fields, from: 0)
        let speed = ShippingSpeedField.take(fields, from: &content.fields, at: AddressFields.empty.count)
        onSubmit?(address, speed)
    }
}
