/// The text a translated `$regex` pattern is matched against: the attribute value as ECMAScript sees it, one
/// code point per UTF-16 code unit.
///
/// ICU matches code points, ECMAScript (without the `u` flag) code units, so a character outside the Basic
/// Multilingual Plane is one character to ICU and two to JavaScript (`/^.$/` does not match `"😀"`). Each such
/// character is replaced by two code points in plane 15 (U+F0000 + the surrogate's offset from U+D800), which the
/// translator also uses for surrogates in the pattern; every other character is kept. Text with no such character,
/// the common case, is used as it is.
enum RegexSubject {
    /// The code point standing for `unit` in the translated pattern and subject.
    static func codePoint(for unit: UInt16) -> UInt32 {
        UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) ? 0xF0000 + UInt32(unit - 0xD800) : UInt32(unit)
    }

    /// `text` with every character outside the Basic Multilingual Plane spelled as two plane-15 code points.
    static func text(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value > 0xFFFF }) else { return text }
        var scalars = String.UnicodeScalarView()
        for unit in text.utf16 {
            if let scalar = Unicode.Scalar(codePoint(for: unit)) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
