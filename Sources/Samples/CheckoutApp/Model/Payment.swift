/// A payment the order service started for a cart's total, before the card is known: the order
/// is placed by confirming it with a card.
///
/// Real payment providers work this way (a payment intent created as the payment form opens),
/// which is also what marks a shopper as having reached the payment step, whichever screen it is on.
public struct Payment: Sendable, Hashable, Identifiable {
    /// The service-assigned identifier.
    public var id: Int
    /// The amount it will charge: the cart's total when it was started.
    public var amount: Price

    /// Creates a payment.
    public init(id: Int, amount: Price) {
        self.id = id
        self.amount = amount
    }
}
