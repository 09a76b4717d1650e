/// Makes user-supplied strings safe to print on a terminal.
enum TerminalText {
    /// `text` with control characters (escape included) replaced by `?`, so names cannot move the cursor,
    /// change colours or break lines.
    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.unicodeScalars.append(contentsOf: text.unicodeScalars.map { isControl($0) ? "?" : $0 })
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
