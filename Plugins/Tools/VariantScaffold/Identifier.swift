/// The names a variant id becomes: `signup-with-magic-link` is the module `SignupWithMagicLink`.
enum Identifier {
    /// Whether `text` is a lowercase slug: ASCII letters and digits in words joined by single dashes.
    static func isSlug(_ text: String) -> Bool {
        let words = text.split(separator: "-", omittingEmptySubsequences: false)
        return words.allSatisfy { word in
            !word.isEmpty && word.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        } && text.utf8.first.map { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } == true
    }

    /// The UpperCamelCase form of a slug: each word capitalised, dashes dropped.
    static func upperCamel(_ slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
