/// An exact running sum of finite Doubles and of products of two, cheap to add to: what Σv, Σv² and Σvw of a
/// metric's users are accumulated in before they become ``ExactBinaryNumber``s.
///
/// Each value is split into an integer of at most 53 bits times a power of two; the integers are added in 128-bit
/// accumulators, one per power of two (integers of magnitude below 2⁶² in one accumulator of their own, which is
/// where counts, cents and milliseconds go). Every addend is below 2⁶², so no accumulator can overflow before 2⁶⁵
/// additions: the sum is exact whatever the values and their order.
package struct ExactBinarySum: Sendable {
    /// The sum of the whole-number addends.
    private var whole: Int128 = 0
    /// The other addends' integers, by the power of two they are multiples of.
    private var scaled: [Int: Int128] = [:]

    /// An empty sum.
    package init() {}

    /// Adds `value`, which must be finite.
    package mutating func add(_ value: Double) {
        guard value != 0 else { return }
        if let integer = Int64(exactly: value), integer.magnitude < 1 << 62 {
            whole += Int128(integer)
            return
        }
        let (significand, exponent) = Self.split(value)
        scaled[exponent, default: 0] += Int128(significand)
    }

    /// Adds `lhs` × `rhs`, exactly; both must be finite.
    package mutating func addProduct(_ lhs: Double, _ rhs: Double) {
        guard lhs != 0, rhs != 0 else { return }
        if let left = Int64(exactly: lhs), let right = Int64(exactly: rhs), left.magnitude < 1 << 31, right.magnitude < 1 << 31 {
            whole += Int128(left * right)
            return
        }
        let (leftSignificand, leftExponent) = Self.split(lhs)
        let (rightSignificand, rightExponent) = Self.split(rhs)
        // A product of two 53-bit integers has up to 106 bits: added as two halves of 53 bits each.
        let product = Int128(leftSignificand) * Int128(rightSignificand)
        let magnitude = product.magnitude
        let high = Int128(magnitude >> 53)
        let low = Int128(magnitude & (1 << 53 - 1))
        let exponent = leftExponent + rightExponent
        scaled[exponent + 53, default: 0] += product < 0 ? -high : high
        scaled[exponent, default: 0] += product < 0 ? -low : low
    }

    /// Adds `value`², exactly.
    package mutating func addSquare(_ value: Double) {
        addProduct(value, value)
    }

    /// The sum.
    package var number: ExactBinaryNumber {
        scaled.reduce(ExactBinaryNumber(whole)) { $0 + ExactBinaryNumber($1.value, timesTwoToThe: $1.key) }
    }

    /// `value` as a signed integer of at most 53 bits and the power of two it is to be multiplied by.
    private static func split(_ value: Double) -> (significand: Int64, exponent: Int) {
        let isSubnormal = value.exponentBitPattern == 0
        let significand = Int64(value.significandBitPattern | (isSubnormal ? 0 : 1 << 52))
        let exponent = isSubnormal ? -1074 : Int(value.exponentBitPattern) - 1075
        return (value < 0 ? -significand : significand, exponent)
    }
}
