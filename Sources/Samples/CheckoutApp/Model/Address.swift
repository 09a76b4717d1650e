/// Where an order ships.
public struct Address: Sendable, Hashable {
    /// The parts of an address, each checked by the order service.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// The recipient's name.
        case fullName
        /// The street and house number.
        case street
        /// The city.
        case city
        /// The postcode: five digits.
        case postcode
    }

    /// The recipient's name.
    public var fullName: String
    /// The street and house number.
    public var street: String
    /// The city.
    public var city: String
    /// The postcode.
    public var postcode: String

    /// Creates an address.
    public init(fullName: String, street: String, city: String, postcode: String) {
        self.fullName = fullName
        self.street = street
        self.city = city
        self.postcode = postcode
    }

    /// The text of `field`.
    public subscript(field: Field) -> String {
        switch field {
        case .fullName: fullName
        case .street: street
        case .city: city
        case .postcode: postcode
        }
    }

    /// The address with the whitespace at either end of each part left out.
    var trimmed: Address {
        Address(
            fullName: fullName.trimmingWhitespace(),
            street: street.trimmingWhitespace(),
            city: city.trimmingWhitespace(),
            postcode: postcode.trimmingWhitespace()
        )
    }

    /// The first part a store refuses, if any: a blank name, street or city, or a postcode that is
    /// not five ASCII digits.
    var refusedField: Field? {
        if let blank = [Field.fullName, .street, .city].first(where: { self[$0].isEmpty }) { return blank }
        return postcode.isASCIIDigits(count: 5...5) ? nil : .postcode
    }

    /// The address on one line, as a confirmation shows it: `Ada Lovelace, 12 Main Street, 12345 Springfield`.
    public var singleLine: String {
        "\(fullName), \(street), \(postcode) \(city)"
    }
}
