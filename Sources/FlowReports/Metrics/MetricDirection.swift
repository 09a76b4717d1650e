/// Which way a metric should move for a treatment to be better.
public enum MetricDirection: String, Sendable, Hashable, Codable {
    /// More is better, e.g. revenue.
    case higherIsBetter = "higher"
    /// Less is better, e.g. errors or time.
    case lowerIsBetter = "lower"
}
