import Coordination

/// The card fields the payment forms share: `card_number` then `card_cvc`, and how their values
/// become a `PaymentCard`.
enum CardFields {
    /// The empty fields. The security code is a secret, so drivers do not echo it.
    static let empty = [
        ScreenField(id: "card_number", label: "Card number"),
        ScreenField(id: "card_cvc", label: "Security code", kind: .password),
    ]

    /// The card typed into the two fields starting at `first`. The number stays shown for a
    /// retry; the security code is cleared, as payment forms do.
    static func take(_ values: [ScreenField.ID: String], from fields: inout [ScreenField], from first: Int) -> PaymentCard {
        let number = values[fields[first].id] ?? fields[first].value
        let securityCode = values[fields[first + 1].id] ?? fields[first + 1].value
        fields[first].value = number
        fields[first + 1].value = ""
        return PaymentCard(number: number, securityCode: securityCode)
    }
}
