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
        let utf8 = number.utf8
        // ASCII, as card numbers are typed, is filtered by its bytes: there every character is a byte
        // but CR LF, which is neither a space nor a hyphen. Filtering characters costs several times more.
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return String(number.filter { $0 != " " && $0 != "-" }) }
        func separates(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") }
        guard utf8.contains(where: separates) else { return number }
        return String(unsafeUninitializedCapacity: utf8.count) { text in
            var count = 0
            for byte in utf8 where !separates(byte) {
                text[count] = byte
                count += 1
            }
            return count
        }
    }

    /// The last four characters of the number, which receipts show.
    public var lastFour: String {
        String(digits.suffix(4))
    }
}
