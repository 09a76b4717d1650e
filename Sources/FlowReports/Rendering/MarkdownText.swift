/// Makes user-supplied strings safe inside GitHub-flavoured Markdown text and table cells.
enum MarkdownText {
    /// `text` cut to `limit` characters (``TerminalText/capped(_:to:)``), with Markdown punctuation
    /// backslash-escaped, `<`, `>` and `&` as entities (GitHub would otherwise read them as HTML), line breaks of
    /// every kind and tabs as spaces (a table row is one line), and the other characters ``TerminalText`` finds
    /// unsafe (controls, bidirectional overrides) as U+FFFD, so that printing the file cannot send escape
    /// sequences to a terminal or reorder what follows.
    static func escaped(_ text: String, limit: Int = TerminalText.textLimit) -> String {
        var result = ""
        for character in TerminalText.capped(text, to: limit) {
            switch character {
            case "\\", "|", "*", "_", "`", "[", "]", "#", "~", "!":
                result.append("\\")
                result.append(character)
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\t": result.append(" ")
            case _ where character.isNewline: result.append(" ")
            case _ where character.unicodeScalars.contains(where: TerminalText.isUnsafe):
                result += TerminalText.replacingUnsafe(in: String(character), with: "\u{FFFD}")
            default: result.append(character)
            }
        }
        return result
    }

    /// A name (experiment, variant, screen, step, reason) escaped and cut to ``TerminalText/nameLimit``.
    static func name(_ name: String) -> String {
        escaped(name, limit: TerminalText.nameLimit)
    }
}
