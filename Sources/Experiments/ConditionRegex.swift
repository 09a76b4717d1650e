import Foundation

/// A `$regex` pattern, translated from ECMAScript by ``ECMAScriptRegexTranslator`` and compiled once with
/// Foundation's `NSRegularExpression` (ICU), matched anywhere in the text as the JavaScript SDK's
/// `new RegExp(pattern, flags).test(value)` does. Case-insensitivity is already spelt out in the translated
/// pattern, and the text is presented as UTF-16 code units (see ``RegexSubject``).
///
/// Matching is bounded in time: a backtracking pattern such as `(a+)+$` takes exponential time on a string such as
/// `"aaaa…!"`, and `.*`-style patterns quadratic time on long strings, so ICU's progress reports (about every 10,000
/// steps of the engine, and at each position a search starts from) check a deadline, and a match still running at
/// its deadline is abandoned undecided.
final class ConditionRegex: @unchecked Sendable {
    // NSRegularExpression is immutable after creation and documented as safe to share between threads.
    private let expression: NSRegularExpression

    /// How long the regular expressions of one condition evaluation may run, together.
    static let evaluationTimeLimit = Duration.milliseconds(100)

    /// Progress reports between two readings of the clock: reports come at every start position, so reading the
    /// clock at each would cost more than the search on long strings.
    private static let reportsPerClockReading = 16

    /// Compiles a translated ICU pattern, returning `nil` if ICU refuses it.
    init?(icuPattern: String) {
        guard let expression = try? NSRegularExpression(pattern: icuPattern, options: []) else {
            return nil
        }
        self.expression = expression
    }

    /// Whether the pattern matches anywhere in `text`; nil when matching was still undecided at `deadline`.
    func matches(_ text: String, deadline: ContinuousClock.Instant) -> Bool? {
        guard ContinuousClock.now < deadline else { return nil }
        let text = RegexSubject.text(text)
        let range = NSRange(location: 0, length: text.utf16.count)
        var found = false
        var timedOut = false
        var reports = 0
        expression.enumerateMatches(in: text, options: [.reportProgress], range: range) { result, _, stop in
            if result != nil {
                found = true
                stop.pointee = true
                return
            }
            reports += 1
            if reports % Self.reportsPerClockReading == 0, ContinuousClock.now >= deadline {
                timedOut = true
                stop.pointee = true
            }
        }
        return found ? true : timedOut ? nil : false
    }
}
