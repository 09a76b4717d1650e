/// A `$regex` pattern construct outside the ECMAScript subset Switchyard evaluates (see
/// `ECMAScriptRegexParser`), or past its limits, named with its position.
struct RegexDialectIssue: Error, Sendable, Hashable, CustomStringConvertible {
    /// The construct as written, e.g. `\p` or `(?<=`.
    var construct: String
    /// Its 0-based offset in the pattern, in UTF-16 code units.
    var offset: Int
    /// Why it is refused.
    var explanation: String

    /// The construct in backticks, its offset and why, e.g. "`\p` at offset 3: Unicode property escapes are not in
    /// the supported subset …".
    var description: String {
        "`\(construct)` at offset \(offset): \(explanation)"
    }
}
