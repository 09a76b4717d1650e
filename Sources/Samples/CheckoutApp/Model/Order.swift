/// An order the service accepted: paid, and on its way.
public struct Order: Sendable, Hashable {
    /// The order number shoppers quote, such as 1001.
    public var number: Int
    /// What was bought.
    public var lines: [CartLine]
    /// Where it ships.
    public var shippingAddress: Address
    /// How fast it ships.
    public var shippingSpeed: ShippingSpeed
    /// What was charged: the products and the shipping.
    public var total: Price
    /// The last four digits of the card charged.
    public var cardLastFour: String

    /// Creates an order.
    public init(
        number: Int,
        lines: [CartLine],
        shippingAddress: Address,
        shippingSpeed: ShippingSpeed = .standard,
        total: Price,
        cardLastFour: String
    ) {
        self.number = number
        self.lines = lines
        self.shippingAddress = shippingAddress
        self.shippingSpeed = shippingSpeed
        self.total = total
        self.cardLastFour = cardLastFour
    }

    /// The number of items bought, counting each of a product's quantity.
    public var itemCount: Int {
        lines.reduce(0) { $0 + $1.quantity }
    }
}
