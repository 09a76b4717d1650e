/// Makes user-supplied strings safe to print on a terminal.
enum TerminalText {
    /// `text` with control characters (escape included), Unicode line and paragraph separators and bidirectional
    /// overrides replaced by `?`, so names cannot move the cursor, change colours, break lines or reorder the
    /// text printed after them.
    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        result.unicodeScalars.append(contentsOf: text.unicodeScalars.map { isUnsafe($0) ? "?" : $0 })
        return result
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case ..<0x20, 0x7F...0x9F: true
        // Line and paragraph separators; bidirectional embeddings, overrides and isolates.
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
