/// Makes user-supplied strings safe inside GitHub-flavoured Markdown text and table cells.
enum MarkdownText {
    /// `text` with Markdown punctuation backslash-escaped, `<`, `>` and `&` as entities (GitHub would otherwise
    /// read them as HTML), line breaks of every kind and tabs as spaces (a table row is one line), and other control
    /// characters as U+FFFD, so that printing the file cannot send escape sequences to a terminal.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\", "|", "*", "_", "`", "[", "]", "#", "~", "!":
                result.append("\\")
                result.append(character)
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\t": result.append(" ")
            case _ where character.isNewline: result.append(" ")
            case _ where character.unicodeScalars.contains(where: isControl): result.append("\u{FFFD}")
            default: result.append(character)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
