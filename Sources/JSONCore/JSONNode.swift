/// A JSON value as its text wrote it: members in order (a key given twice is kept twice, unless
/// the parser was asked to refuse it), numbers as their digits.
///
/// What the text means is for its reader: the configuration reads numbers as JavaScript does
/// (Experiments' `JSONValue`), the event log keeps them as written.
package indirect enum JSONNode: Sendable {
    /// An object's `"key": value` members, in order.
    case object([(key: String, value: JSONNode)])
    case array([JSONNode])
    case string(String)
    /// A number's text, as written: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, of any length.
    case number(String)
    case bool(Bool)
    case null

    /// The value of the last member named `key`, if this is an object that has one.
    package func member(_ key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }
}
