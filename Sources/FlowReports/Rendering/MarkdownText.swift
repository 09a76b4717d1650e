/// Makes user-supplied strings safe inside GitHub-flavoured Markdown text and table cells.
enum MarkdownText {
    /// `text` with Markdown punctuation backslash-escaped, `<`, `>` and `&` as entities (GitHub would otherwise
    /// read them as HTML) and line breaks as spaces (a table row is one line).
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
            case "\n", "\r", "\r\n": result.append(" ")
            default: result.append(character)
            }
        }
        return result
    }
}
