/// The card a subscriber pays with, as typed.
public struct PaymentCard: Sendable, Hashable {
    /// The card number, spaces allowed.
    public var number: String
    /// The name printed on the card.
    public var holder: String

    /// Creates a card from what was typed.
    public init(number: String, holder: String) {
        self.number = number
        self.holder = holder
    }

    /// The digits of `number`, or nil if it holds anything but digits and spaces.
    var digits: [Int]? {
        var digits: [Int] = []
        for character in number where character != " " {
            guard let digit = character.wholeNumberValue, character.isASCII else { return nil }
            digits.append(digit)
        }
        return digits
    }
}
