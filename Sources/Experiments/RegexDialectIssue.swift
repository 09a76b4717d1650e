/// A `$regex` pattern construct outside the ECMAScript subset Switchyard evaluates (see
/// `ECMAScriptRegexTranslator`), named with its position.
public struct RegexDialectIssue: Error, Sendable, Hashable, CustomStringConvertible {
    /// The construct as written, e.g. `\p` or `(?<=`.
    public var construct: String
    /// Its 0-based offset in the pattern, in UTF-16 code units.
    public var offset: Int
    /// Why it is refused.
    public var explanation: String

    /// The construct in backticks, its offset and why, e.g. "`\p` at offset 3: Unicode property escapes are not in
    /// the supported subset …".
    public var description: String {
        "`\(construct)` at offset \(offset): \(explanation)"
    }
}
