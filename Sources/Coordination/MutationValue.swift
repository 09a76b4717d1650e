/// A number a coordinator attaches to a mutation it records, such as an order's amount in cents.
///
/// Integers are kept exactly. `decimal(_:)` refuses NaN and the infinities, so a value that is
/// not a number never reaches a log:
///
/// ```swift
/// recordMutation("place_order", outcome: .succeeded,
///                values: ["amount_cents": .integer(order.total.cents), "items": 3])
/// ```
///
/// Literals are values too: `4599` is an integer, `12.5` a decimal. How a host writes them into an
/// event's properties is its own business (Switchyard writes canonical decimal text).
public struct MutationValue: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// The number, as the coordinator gave it.
    public enum Number: Sendable, Hashable {
        /// A whole number, kept exactly.
        case integer(Int)
        /// A decimal: finite, unless made from a literal beyond `Double`'s range.
        case decimal(Double)
    }

    /// The number, as the coordinator gave it.
    public let number: Number

    private init(number: Number) {
        self.number = number
    }

    /// The whole number `value`.
    public static func integer(_ value: Int) -> MutationValue {
        MutationValue(number: .integer(value))
    }

    /// The decimal `value`; nil when it is NaN or infinite, which no log can hold as a number.
    public static func decimal(_ value: Double) -> MutationValue? {
        value.isFinite ? MutationValue(number: .decimal(value)) : nil
    }

    /// An integer literal, such as `3`.
    public init(integerLiteral value: Int) {
        number = .integer(value)
    }

    /// A decimal literal, such as `12.5`. The compiler warns of a literal beyond `Double`'s range
    /// (`1e400`), which would be infinite: a host logs no infinite value.
    public init(floatLiteral value: Double) {
        number = .decimal(value)
    }

    /// The property keys a mutation's own details use: a value under one of them is not logged.
    public static let reservedKeys: Set<String> = ["operation", "outcome", "reason"]
}
