/// Makes user-supplied strings safe to print on a terminal, and short enough to read there.
///
/// The one place that decides which characters are unsafe in text outputs (``isUnsafe(_:)``) and how long a
/// name may be (``nameLimit``): the terminal table, Markdown, CSV, the CLI's messages and the flow map's DOT and
/// Mermaid labels all use it.
package enum TerminalText {
    /// The most characters of a name (an experiment, variant, screen, step, reason, property value) that the
    /// table, Markdown, terminal messages and map labels show; a longer name is cut (see ``capped(_:to:)``).
    package static let nameLimit = 200
    /// The most characters of a longer text holding names (a verdict, a note, a path, a line of a message) that
    /// the table, Markdown and terminal messages show.
    package static let textLimit = 2_000

    /// `text` with every unsafe scalar (``isUnsafe(_:)``) replaced by `?`, so names cannot move the cursor, change
    /// colours, break lines or reorder the text printed after them.
    package static func sanitized(_ text: String) -> String {
        replacingUnsafe(in: text, with: "?")
    }

    /// `text` with every unsafe scalar (``isUnsafe(_:)``) replaced by `replacement`.
    package static func replacingUnsafe(in text: String, with replacement: Unicode.Scalar) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        result.unicodeScalars.append(contentsOf: text.unicodeScalars.map { isUnsafe($0) ? replacement : $0 })
        return result
    }

    /// `text` cut to its first `limit` characters followed by `…` and its length, e.g. `welcome…
    /// (900,000 characters)`, when it is longer; otherwise `text` itself.
    package static func capped(_ text: String, to limit: Int = nameLimit) -> String {
        // A string of at most `limit` UTF-8 bytes has at most `limit` characters: no count needed.
        guard text.utf8.count > limit else { return text }
        let length = text.count
        guard length > limit else { return text }
        return String(text.prefix(limit)) + "… (\(ReportNumberFormat.count(length)) characters)"
    }

    /// A message for the terminal (an error, a lint, a summary): each of its lines cut to ``textLimit`` characters
    /// and sanitized, the line breaks between them kept.
    package static func message(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { sanitized(capped(String($0), to: textLimit)) }
            .joined(separator: "\n")
    }

    /// Whether `scalar` is unsafe in a text output: a C0 control (tab and line feed included), DEL, a C1 control,
    /// a Unicode line or paragraph separator, or a bidirectional embedding, override, isolate or mark that could
    /// reorder what is shown after it.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case ..<0x20, 0x7F...0x9F: true
        // Line and paragraph separators; bidirectional marks, embeddings, overrides and isolates.
        case 0x2028, 0x2029, 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
