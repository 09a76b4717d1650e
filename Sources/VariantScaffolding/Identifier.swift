/// The names a variant id becomes: `signup-with-magic-link` is the module `SignupWithMagicLink`.
public enum Identifier {
    /// The longest variant id accepted: its module's folder, files and temporary names stay well
    /// inside a file system's 255-byte name limit.
    public static let maximumLength = 60

    /// Whether `text` is a lowercase slug: ASCII letters and digits in words joined by single dashes.
    public static func isSlug(_ text: String) -> Bool {
        let words = text.split(separator: "-", omittingEmptySubsequences: false)
        return words.allSatisfy { word in
            !word.isEmpty && word.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        } && text.utf8.first.map { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } == true
    }

    /// Whether `text` could be a variant module's name: an ASCII letter, then ASCII letters and digits.
    public static func isModuleName(_ text: String) -> Bool {
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The UpperCamelCase form of a slug: each word capitalised, dashes dropped.
    public static func upperCamel(_ slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `text` as a message shows it: in quotes, with control, format and line-separating characters
    /// written as `\u{...}`, so a hostile name can neither hide nor drive the terminal.
    public static func quoted(_ text: String) -> String {
        var shown = "\""
        for scalar in text.unicodeScalars {
            if UnsafeText.isUnsafe(scalar) || scalar == "\"" || scalar == "\\" {
                shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown + "\""
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
