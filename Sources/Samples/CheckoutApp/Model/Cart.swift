/// What a shopper is about to buy and where it ships, as the order service holds it.
public struct Cart: Sendable, Hashable {
    /// The products, in the order they were added.
    public var lines: [CartLine]
    /// Where the order ships, once the shopper gave an address the service accepted.
    public var shippingAddress: Address?
    /// How fast it ships: standard until the shopper chooses otherwise with the address.
    public var shippingSpeed: ShippingSpeed

    /// Creates a cart.
    public init(lines: [CartLine], shippingAddress: Address? = nil, shippingSpeed: ShippingSpeed = .standard) {
        self.lines = lines
        self.shippingAddress = shippingAddress
        self.shippingSpeed = shippingSpeed
    }

    /// What the products cost: the sum of the lines.
    public var subtotal: Price {
        lines.reduce(.zero) { $0 + $1.subtotal }
    }

    /// What the order costs: the products and the shipping.
    public var total: Price {
        subtotal + shippingSpeed.price
    }

    /// Whether the cart holds nothing.
    public var isEmpty: Bool { lines.isEmpty }

    /// The number of items, counting each of a product's quantity.
    public var itemCount: Int {
        lines.reduce(0) { $0 + $1.quantity }
    }
}
