/// The card a shopper pays with, as typed.
public struct PaymentCard: Sendable, Hashable {
    /// The card number; spaces and hyphens between digit groups are allowed.
    public var number: String
    /// The security code printed on the card.
    public var securityCode: String

    /// Creates a card.
    public init(number: String, securityCode: String) {
        self.number = number
        self.securityCode = securityCode
    }

    /// The number without the spaces and hyphens that group its digits.
    public var digits: String {
        String(number.filter { $0 != " " && $0 != "-" })
    }

    /// The last four characters of the number, which receipts show.
    public var lastFour: String {
        String(digits.suffix(4))
    }
}
