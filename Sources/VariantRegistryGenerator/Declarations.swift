import Foundation

/// The type and protocol declarations of a module, with what each conforms to.
struct Declarations {
    /// A type or protocol and the names in its inheritance clause.
    struct Declaration {
        var name: String
        var isPublic: Bool
        var conformances: Set<String>
    }

    var protocols: [Declaration] = []
    var types: [Declaration] = []

    init(code: String) {
        protocols = Self.matches(of: #"(public\s+)?protocol\s+(\w+)\s*:\s*([^{]+)\{"#, in: code)
        types = Self.matches(
            of: #"(public\s+)?(?:final\s+)?(?:enum|struct|class|actor)\s+(\w+)\s*:\s*([^{]+)\{"#,
            in: code
        )
    }

    private static func matches(of pattern: String, in code: String) -> [Declaration] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(code.startIndex..., in: code)
        return expression.matches(in: code, range: range).compactMap { match in
            guard let name = Range(match.range(at: 2), in: code),
                  let inheritance = Range(match.range(at: 3), in: code)
            else { return nil }
            let clause = code[inheritance].split(separator: "where").first ?? ""
            let conformances = clause.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").last.map(String.init) ?? ""
            }
            return Declaration(
                name: String(code[name]),
                isPublic: match.range(at: 1).location != NSNotFound,
                conformances: Set(conformances)
            )
        }
    }
}
