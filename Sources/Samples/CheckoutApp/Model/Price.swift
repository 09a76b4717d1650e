/// An amount of money in the store's one currency, US dollars, counted in cents so that sums are exact.
public struct Price: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The amount in cents.
    public var cents: Int

    /// Creates an amount of `cents` cents.
    public init(cents: Int) {
        self.cents = cents
    }

    /// Nothing.
    public static let zero = Price(cents: 0)

    /// The amount as shown to shoppers, such as `$18.00`.
    public var description: String {
        let magnitude = cents.magnitude
        let fraction = magnitude % 100
        return "\(cents < 0 ? "-" : "")$\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    public static func < (lhs: Price, rhs: Price) -> Bool { lhs.cents < rhs.cents }

    /// The sum of two amounts.
    public static func + (lhs: Price, rhs: Price) -> Price { Price(cents: lhs.cents + rhs.cents) }

    /// The amount `count` times over.
    public static func * (lhs: Price, count: Int) -> Price { Price(cents: lhs.cents * count) }
}
