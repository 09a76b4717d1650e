import Coordination

/// The shipping address as a form: the four address fields and a `continue_to_payment` action.
final class ShippingForm: ShippingScreen {
    var errorMessage: String? {
        didSet { content.error = errorMessage }
    }
    var onSubmit: ((Address) -> Void)?

    let name = "shipping"
    /// Rebuilt only when what it shows changes: drivers read it on every turn.
    private(set) var content: ScreenContent

    /// The empty form, built once; each screen shares its storage until it changes.
    private static let emptyForm = ScreenContent(
        title: "Shipping address",
        fields: AddressFields.empty,
        actions: [ScreenAction(id: "continue_to_payment", title: "Continue to payment", submitsForm: true)]
    )

    init(draft: Address?) {
        content = Self.emptyForm
        if let draft { AddressFields.show(draft, in: &content.fields, from: 0) }
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        guard action == "continue_to_payment" else { return }
        onSubmit?(AddressFields.take(fields, from: &content.fields, from: 0))
    }
}
