/// One problem in a model file, located by its JSON path.
package struct ModelIssue: Sendable, Hashable, CustomStringConvertible {
    /// Where, such as `screens.signup.actions.continue`; empty for the whole document.
    package var path: String
    /// What was expected, and what was found.
    package var message: String

    /// Creates an issue.
    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Every problem found in a model file, reported at once.
package struct ModelFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    package var file: String
    /// The problems, in document order.
    package var issues: [ModelIssue]

    /// Creates an error.
    package init(file: String, issues: [ModelIssue]) {
        self.file = file
        self.issues = issues
    }

    package var description: String {
        issues.map { "\(file): \($0)" }.joined(separator: "\n")
    }
}
