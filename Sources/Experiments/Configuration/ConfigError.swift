/// A configuration file that could not be used, with every problem found in it.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file the problems are in, as given by the caller.
    public var file: String
    /// All problems, in the order found.
    public var issues: [ConfigIssue]

    /// Creates an error for `file`.
    public init(file: String, issues: [ConfigIssue]) {
        self.file = file
        self.issues = issues
    }

    /// One issue per line, each prefixed by the file name: `experiments.json: experiments[1].weights: …`.
    public var description: String {
        issues.map { "\(file): \($0)" }.joined(separator: "\n")
    }
}
