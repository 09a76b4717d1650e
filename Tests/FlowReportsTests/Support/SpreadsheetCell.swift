/// The rule a CSV text cell follows, written out for tests: what a cell holding `name` must be, and whether a
/// spreadsheet would read a cell as a formula.
enum SpreadsheetCell {
    /// `name` with every C0 control, DEL, C1 control, line or paragraph separator and bidirectional control as
    /// U+FFFD, then a single quote before it when its first character other than whitespace is `=`, `+`, `-` or `@`.
    static func expected(_ name: String) -> String {
        var cleaned = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            let value = scalar.value
            let unsafe = value < 0x20 || (0x7F...0x9F).contains(value) || [0x2028, 0x2029, 0x200E, 0x200F, 0x061C].contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            cleaned.append(unsafe ? "\u{FFFD}" : scalar)
        }
        let text = String(cleaned)
        return startsFormula(text) ? "'" + text : text
    }

    /// Whether a spreadsheet would take `cell` for a formula: its first character other than whitespace is `=`,
    /// `+`, `-` or `@`, or it starts with a tab or a carriage return.
    static func startsFormula(_ cell: String) -> Bool {
        if cell.hasPrefix("\t") || cell.unicodeScalars.first == "\r" { return true }
        guard let first = cell.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else { return false }
        return ["=", "+", "-", "@"].contains(first)
    }
}
