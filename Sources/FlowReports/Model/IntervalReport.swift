/// A two-sided confidence interval, as a report carries it.
public struct IntervalReport: Sendable, Hashable, Codable {
    /// Lower bound.
    public var lower: Double
    /// Upper bound.
    public var upper: Double

    /// Creates an interval.
    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// Carries over a ``ConfidenceInterval``.
    public init(_ interval: ConfidenceInterval) {
        self.init(lower: interval.lower, upper: interval.upper)
    }

    enum CodingKeys: String, CodingKey {
        case lower
        case upper
    }
}
