/// A counts file `report --counts` cannot use, located at its file and line (or JSON element).
public struct AggregateCountsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where: `file:line` or `file: element N`.
    public var location: String
    /// What is wrong and what was expected.
    public var problem: String

    /// Creates an error.
    public init(location: String, problem: String) {
        self.location = location
        self.problem = problem
    }

    public var description: String {
        "\(location): \(problem)"
    }
}
