/// Characters that must not reach a generated Swift file or a message unchanged: control characters
/// (Unicode Cc: NUL, TAB, CR, LF, ESC, DEL, NEL...), format characters (Cf: bidi overrides and
/// isolates, zero-width joiners, the BOM...), and the line and paragraph separators U+2028 and U+2029.
public enum UnsafeText {
    /// Whether `scalar` is one of those characters.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// `text` with each such character written as `\u{...}`, for a message that shows text as written
    /// (a path, a line of code) without quotes around it: it can neither break the message's line nor drive the terminal.
    public static func escaped(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// The first such character of `text`, with its offset in Unicode scalars.
    static func firstUnsafe(in text: String) -> (scalar: Unicode.Scalar, offset: Int)? {
        for (offset, scalar) in text.unicodeScalars.enumerated() where isUnsafe(scalar) {
            return (scalar, offset)
        }
        return nil
    }

    /// `U+000D` for a carriage return.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
