/// Why the subscription service refused to start a subscription.
public enum SubscriptionError: Error, Sendable, Hashable {
    /// The card number is not a card number.
    case invalidCard
    /// The card's issuer refused it.
    case cardDeclined
    /// The name on the card is blank.
    case missingHolder

    /// A stable code for events and reports, such as `card_declined`.
    public var code: String {
        switch self {
        case .invalidCard: "card_invalid"
        case .cardDeclined: "card_declined"
        case .missingHolder: "holder_missing"
        }
    }

    /// What the payment screen says.
    public var message: String {
        switch self {
        case .invalidCard: "That card number is not valid."
        case .cardDeclined: "Your card was declined. Try another card."
        case .missingHolder: "Enter the name on the card."
        }
    }
}
