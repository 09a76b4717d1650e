import Foundation

/// The logarithmic mean `L(a, b) = (a − b) / ln(a/b)` of two positive numbers (`a` when they are equal): the factor
/// that turns a difference of logs into a difference, `a − b = L(a, b) · (ln a − ln b)`, which is how a step term's
/// log ratio becomes its share of the difference in conversion (the log-mean Divisia index of index decomposition).
enum LogarithmicMean {
    /// L(a, b) for a, b > 0, with `ln(a/b)` taken as `log1p((a − b)/b)` so that close values keep their precision.
    static func of(_ a: Double, _ b: Double) -> Double {
        guard a != b else { return a }
        return (a - b) / log1p((a - b) / b)
    }
}
