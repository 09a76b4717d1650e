/// Identifiers of apps and variants: lowercase ASCII letters and digits in words joined by
/// single dashes, such as `signup-after-profile`.
enum Slug {
    /// Whether `text` is a slug.
    static func isValid(_ text: String) -> Bool {
        var previousWasDash = true
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                previousWasDash = false
            case UInt8(ascii: "-") where !previousWasDash:
                previousWasDash = true
            default:
                return false
            }
        }
        return !previousWasDash
    }
}
