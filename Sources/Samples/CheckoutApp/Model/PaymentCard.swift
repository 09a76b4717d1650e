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
        number.filter { $0 != " " && $0 != "-" }
    }

    /// The last four characters of the number, which receipts show.
    public var lastFour: String {
        String(digits.suffix(4))
    }

    /// Whether this can be a card: 13 to 19 digits passing the Luhn check that card numbers carry
    /// (every second digit from the last doubled, less 9 past 9; the sum a multiple of 10), and
    /// a security code of 3 or 4 digits.
    var isWellFormed: Bool {
        let digits = digits
        guard digits.isASCIIDigits(count: 13...19), securityCode.isASCIIDigits(count: 3...4) else { return false }
        let sum = digits.reversed().enumerated().reduce(0) { sum, element in
            let (position, digit) = (element.offset, element.element.wholeNumberValue ?? 0)
            guard position % 2 == 1 else { return sum + digit }
            return sum + (digit * 2 > 9 ? digit * 2 - 9 : digit * 2)
        }
        return sum % 10 == 0
    }
}
