import Foundation

/// The type names a module's sources declare (`struct`, `enum`, `class`, `actor`, `protocol`,
/// `typealias`), read with a pattern: enough to keep a new variant's types from shadowing, or being
/// shadowed by, a type of a module its code imports. A name in a comment counts too, which can only
/// make a name unavailable, never let a clash through.
enum DeclaredTypes {
    /// The declared type names in the Swift files under `folder`, searched recursively.
    static func names(inSourcesUnder folder: URL) -> Set<String> {
        guard let expression = try? NSRegularExpression(
            pattern: #"\b(?:struct|enum|class|actor|protocol|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)"#
        ) else { return [] }
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        var names: Set<String> = []
        for file in files where file.hasSuffix(".swift") {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { continue }
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { names.insert(String(text[range])) }
            }
        }
        return names
    }
}
