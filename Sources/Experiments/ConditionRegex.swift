import Foundation

/// A `$regex` pattern compiled once with Foundation's `NSRegularExpression` (ICU syntax).
///
/// GrowthBook's JS SDK uses `new RegExp(pattern).test(value)` and the Python SDK `re.search(pattern, value)`; all
/// three find a match anywhere in the string. They agree on common syntax (classes, anchors, quantifiers,
/// alternation, groups) but differ on dialect details such as named groups (`(?<n>…)` vs `(?P<n>…)`), look-behind
/// limits, `\d`/`\w` matching non-ASCII digits/letters in ICU, and possessive quantifiers. A pattern that fails to
/// compile never matches (`$notRegex`: always matches), as in both SDKs.
final class ConditionRegex: @unchecked Sendable {
    // NSRegularExpression is immutable after creation and documented as safe to share between threads.
    private let expression: NSRegularExpression

    /// Compiles `pattern`, returning `nil` when it is not a valid regular expression.
    init?(pattern: String, caseInsensitive: Bool) {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
        else {
            return nil
        }
        self.expression = expression
    }

    /// Whether the pattern matches anywhere in `text`.
    func matches(_ text: String) -> Bool {
        let range = NSRange(location: 0, length: text.utf16.count)
        return expression.firstMatch(in: text, options: [], range: range) != nil
    }
}
