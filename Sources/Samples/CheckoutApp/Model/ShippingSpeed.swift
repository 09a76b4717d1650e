/// How fast an order ships, chosen with the shipping address: standard is free, express costs extra.
public enum ShippingSpeed: String, Sendable, Hashable, CaseIterable {
    /// Three to five days, free.
    case standard
    /// The next day, for `expressPrice`.
    case express

    /// What express shipping costs: $8.00.
    public static let expressPrice = Price(cents: 800)

    /// What shipping at this speed adds to the order.
    public var price: Price {
        switch self {
        case .standard: .zero
        case .express: Self.expressPrice
        }
    }
}
