/// Something the store sells.
public struct Product: Sendable, Hashable, Identifiable {
    /// A stable identifier, such as `"mug"`.
    public typealias ID = String

    /// The identifier.
    public var id: ID
    /// The name shown to shoppers.
    public var name: String
    /// The price of one.
    public var price: Price

    /// Creates a product.
    public init(id: ID, name: String, price: Price) {
        self.id = id
        self.name = name
        self.price = price
    }
}
