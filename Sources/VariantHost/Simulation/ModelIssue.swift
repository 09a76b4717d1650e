/// One problem in a model file, located by its JSON path.
public struct ModelIssue: Sendable, Hashable, CustomStringConvertible {
    /// Where, such as `screens.signup.actions.continue`; empty for the whole document.
    public var path: String
    /// What was expected, and what was found.
    public var message: String

    /// Creates an issue.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Every problem found in a model file, reported at once.
public struct ModelFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The problems, in document order.
    public var issues: [ModelIssue]

    /// Creates an error.
    public init(file: String, issues: [ModelIssue]) {
        self.file = file
        self.issues = issues
    }

    public var description: String {
        issues.map { "\(file): \($0)" }.joined(separator: "\n")
    }
}
