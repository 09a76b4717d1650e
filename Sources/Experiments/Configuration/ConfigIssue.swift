import JSONCore
/// One problem in a configuration file, located by JSON path (and by line and column for malformed JSON).
public struct ConfigIssue: Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is, e.g. `experiments[1].weights`.
    public var path: JSONPath
    /// What is wrong, e.g. `3 weights for 2 variations`.
    public var message: String
    /// The 1-based line and column, known only for malformed JSON.
    public var line: Int?
    /// The 1-based column, known only for malformed JSON.
    public var column: Int?

    /// Creates an issue at `path`.
    public init(path: JSONPath, message: String) {
        self.path = path
        self.message = message
    }

    /// Creates an issue for malformed JSON.
    package init(syntaxError: JSONSyntaxError) {
        self.path = .root
        self.message = "malformed JSON: " + syntaxError.message
        self.line = syntaxError.line
        self.column = syntaxError.column
    }

    /// `path: message`, `line L, column C: message` for malformed JSON, or just the message when it concerns the
    /// whole document (such as a file that cannot be read).
    public var description: String {
        if let line, let column {
            return "line \(line), column \(column): \(message)"
        }
        return path == .root ? message : "\(path): \(message)"
    }
}
