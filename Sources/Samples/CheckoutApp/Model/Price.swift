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
        // Written digit by digit into the string's own storage: screens show prices on every cart
        // and payment form, and an interpolation makes a string for each of its parts.
        // At most a sign, `$`, 18 digits of dollars (of Int.min), `.` and 2 digits of cents.
        String(unsafeUninitializedCapacity: 23) { text in
            var end = 0
            if cents < 0 {
                text[end] = UInt8(ascii: "-")
                end += 1
            }
            text[end] = UInt8(ascii: "$")
            end += 1
            let magnitude = cents.magnitude
            var dollars = magnitude / 100
            var digits = 1
            while dollars >= 10 {
                digits += 1
                dollars /= 10
            }
            dollars = magnitude / 100
            end += digits
            var position = end
            repeat {
                position -= 1
                text[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: dollars % 10)
                dollars /= 10
            } while dollars > 0
            let fraction = magnitude % 100
            text[end] = UInt8(ascii: ".")
            text[end + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 10)
            text[end + 2] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
            return end + 3
        }
    }

    public static func < (lhs: Price, rhs: Price) -> Bool { lhs.cents < rhs.cents }

    /// The sum of two amounts.
    public static func + (lhs: Price, rhs: Price) -> Price { Price(cents: lhs.cents + rhs.cents) }

    /// The amount `count` times over.
    public static func * (lhs: Price, count: Int) -> Price { Price(cents: lhs.cents * count) }
}
