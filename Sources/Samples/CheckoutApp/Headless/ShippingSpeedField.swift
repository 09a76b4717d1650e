import Coordination

/// The choice of shipping speed the shipping forms share: a `shipping_speed` field whose options
/// are `standard` and `express`, and the line telling what each costs.
enum ShippingSpeedField {
    /// The field, showing `speed`.
    static func showing(_ speed: ShippingSpeed) -> ScreenField {
        ScreenField(
            id: "shipping_speed",
            label: "Shipping",
            kind: .choice(options: ShippingSpeed.allCases.map(\.rawValue), allowsMultiple: false),
            value: speed.rawValue
        )
    }

    /// What the options mean, for the form's body.
    static let offer = "Shipping: standard is free and takes 3 to 5 days; express arrives the next day for \(ShippingSpeed.expressPrice)."

    /// The speed chosen in the field at `index`: the submitted value, or the one shown where none
    /// was submitted. The field then shows it. A driver checks a choice against the options before
    /// submitting it, so the value is one of them; anything else leaves standard shipping.
    static func take(_ values: [ScreenField.ID: String], from fields: inout [ScreenField], at index: Int) -> ShippingSpeed {
        let value = values[fields[index].id] ?? fields[index].value
        let speed = ShippingSpeed(rawValue: value) ?? .standard
        fields[index].value = speed.rawValue
        return speed
    }
}
