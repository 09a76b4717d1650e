/// An order the service accepted: paid, and on its way.
public struct Order: Sendable, Hashable {
    /// The order number shoppers quote, such as 1001.
    public var number: Int
    /// What was bought.
    public var lines: [CartLine]
    /// Where it ships.
    public var shippingAddress: Address
    /// What was charged.
    public var total: Price
    /// The last four digits of the card charged.
    public var cardLastFour: String

    /// Creates an order.
    public init(number: Int, lines: [CartLine], shippingAddress: Address, total: Price, cardLastFour: String) {
        self.number = number
        self.lines = lines
        self.shippingAddress = shippingAddress
        self.total = total
        self.cardLastFour = cardLastFour
    }
}
