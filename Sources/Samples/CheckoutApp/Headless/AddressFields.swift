import Coordination

/// The address fields the shipping forms share: `full_name`, `street`, `city`, `postcode`, in
/// that order, and how their values become an `Address`.
enum AddressFields {
    /// The empty fields.
    static let empty = [
        ScreenField(id: "full_name", label: "Full name"),
        ScreenField(id: "street", label: "Street and number"),
        ScreenField(id: "city", label: "City"),
        ScreenField(id: "postcode", label: "Postcode (5 digits)"),
    ]

    /// Shows `address` in the four address fields starting at `first`.
    static func show(_ address: Address, in fields: inout [ScreenField], from first: Int) {
        fields[first].value = address.fullName
        fields[first + 1].value = address.street
        fields[first + 2].value = address.city
        fields[first + 3].value = address.postcode
    }

    /// The address typed into the four fields starting at `first`: the submitted value of each,
    /// or the one shown where none was submitted. The fields then show what was typed.
    static func take(_ values: [ScreenField.ID: String], from fields: inout [ScreenField], from first: Int) -> Address {
        func take(_ index: Int) -> String {
            let value = values[fields[index].id] ?? fields[index].value
            fields[index].value = value
            return value
        }
        return Address(fullName: take(first), street: take(first + 1), city: take(first + 2), postcode: take(first + 3))
    }
}
