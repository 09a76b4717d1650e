/// The rule for `--summary`: one line of text that a Swift string literal and a doc comment hold as written.
enum SummaryText {
    /// The longest summary accepted, in characters.
    static let maximumLength = 200

    /// Fails unless `summary` is non-blank, at most `maximumLength` characters, and free of quotes,
    /// backslashes and the characters `UnsafeText` names (CR, TAB, ESC, U+2028, bidi controls...).
    static func check(_ summary: String, id: String) throws(ScaffoldError) {
        guard !summary.allSatisfy(\.isWhitespace) else {
            throw ScaffoldError("--summary is empty; say in one line how \(id) differs, e.g. \"signup by a link sent by email\"; nothing was changed")
        }
        if let unsafe = UnsafeText.firstUnsafe(in: summary) {
            throw ScaffoldError(
                "--summary holds the control or format character \(UnsafeText.codePoint(unsafe.scalar)) at character \(unsafe.offset + 1); "
                    + "it must be one line of plain text (no line breaks, tabs, escape sequences or bidi controls); nothing was changed"
            )
        }
        guard !summary.contains("\"") && !summary.contains("\\") else {
            throw ScaffoldError("--summary must be one line without quotes or backslashes; nothing was changed")
        }
        guard summary.count <= maximumLength else {
            throw ScaffoldError("--summary is \(summary.count) characters long; keep it to one line of at most \(maximumLength); nothing was changed")
        }
    }
}
