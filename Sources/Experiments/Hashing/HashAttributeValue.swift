/// How GrowthBook turns an attribute value into the string that is hashed.
package enum HashAttributeValue {
    /// The string to hash for `value`, or `nil` when the value cannot identify a user.
    ///
    /// Only non-empty strings and finite non-zero numbers qualify (GrowthBook's `isHashable`); numbers are
    /// formatted as JavaScript would (`1` → `"1"`, `0.5` → `"0.5"`). Booleans, `null`, arrays and objects never do.
    @inlinable
    package static func string(for value: JSONValue?) -> String? {
        switch value {
        case .string(let string):
            string.isEmpty ? nil : string
        case .number(let number):
            number != 0 && number.isFinite ? JavaScriptNumberFormat.string(number) : nil
        default:
            nil
        }
    }
}
