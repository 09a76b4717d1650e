/// The names of the types a module's sources declare, read token by token: the identifier after
/// `struct`, `enum`, `class`, `actor` or `typealias`.
///
/// The registry names each module's type by convention and leaves its conformance to the compiler,
/// which sees extensions, `#if` and every other form; this scan only lets the build say, in words,
/// that a module declares no type of the expected name before the compiler would.
struct DeclaredTypeNames {
    private(set) var names: Set<String> = []

    /// Scans `code`, whose comments and string literals are already blanked out (see `SwiftText`).
    init(code: String) {
        var previous: Substring = ""
        for token in Self.identifiers(in: code) {
            if Self.introducers.contains(previous) { names.insert(String(token)) }
            previous = token
        }
    }

    /// Whether a type named `name` is declared.
    func contains(_ name: String) -> Bool { names.contains(name) }

    private static let introducers: Set<Substring> = ["struct", "enum", "class", "actor", "typealias"]

    /// The identifiers and keywords of `code`, in order; punctuation separates them.
    private static func identifiers(in code: String) -> [Substring] {
        code.split { character in !(character.isLetter || character.isNumber || character == "_") }
    }
}
