/// What a shopper is about to buy and where it ships, as the order service holds it.
public struct Cart: Sendable, Hashable {
    /// The products, in the order they were added.
    public var lines: [CartLine]
    /// Where the order ships, once the shopper gave an address the service accepted.
    public var shippingAddress: Address?

    /// Creates a cart.
    public init(lines: [CartLine], shippingAddress: Address? = nil) {
        self.lines = lines
        self.shippingAddress = shippingAddress
    }

    /// What the order costs: the sum of the lines. Shipping is free.
    public var total: Price {
        lines.reduce(.zero) { $0 + $1.subtotal }
    }

    /// Whether the cart holds nothing.
    public var isEmpty: Bool { lines.isEmpty }

    /// The number of items, counting each of a product's quantity.
    public var itemCount: Int {
        lines.reduce(0) { $0 + $1.quantity }
    }
}
