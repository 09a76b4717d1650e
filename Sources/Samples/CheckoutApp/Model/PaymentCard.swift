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
        // ASCII, as card numbers are typed, is filtered by its bytes: there every character is a byte
        // but CR LF, which is neither a space nor a hyphen. Filtering characters costs several times more.
        func separates(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") }
        var separated = false
        let isASCII = UTF8Bytes.allSatisfy(number) { byte in
            if separates(byte) { separated = true }
            return byte < 0x80
        }
        guard isASCII else { return String(number.filter { $0 != " " && $0 != "-" }) }
        return separated ? String(decoding: number.utf8.filter { !separates($0) }, as: UTF8.self) : number
    }

    /// The last four characters of the number, which receipts show.
    public var lastFour: String {
        String(digits.suffix(4))
    }
}
