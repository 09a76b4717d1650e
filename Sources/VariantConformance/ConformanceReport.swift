/// What the conformance suite found for one app and its variants.
public struct ConformanceReport: Sendable, CustomStringConvertible {
    /// The app's name.
    public var app: String
    /// Each combination of variants explored, as its variant ids.
    public var combinations: [[String]]
    /// How many distinct states exploration reached, over every combination.
    public var statesExplored: Int
    /// Every failure found; empty when the app conforms.
    public var failures: [ConformanceFailure]

    /// Whether the app and every variant passed every check.
    public var passed: Bool { failures.isEmpty }

    /// A summary line, then each failure on its own line.
    public var description: String {
        let summary = "\(app): \(combinations.count) combinations of variants, \(statesExplored) states explored, "
            + (passed ? "every check passed" : "\(failures.count) failures")
        return ([summary] + failures.map { "  \($0)" }).joined(separator: "\n")
    }
}
