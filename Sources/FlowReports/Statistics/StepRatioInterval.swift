/// An interval of a ratio of step rates: `lower` is at least 0, and `upper` is nil when the interval is unbounded
/// above (no user of control got through the step, or a correction's adjusted p-value of 1).
public struct StepRatioInterval: Sendable, Hashable, Codable {
    /// The lower bound, 0 or more.
    public var lower: Double
    /// The upper bound; nil when unbounded.
    public var upper: Double?

    /// An interval from its bounds.
    public init(lower: Double, upper: Double?) {
        self.lower = lower
        self.upper = upper
    }

    /// Whether the interval contains `ratio` (bounds included).
    public func contains(_ ratio: Double) -> Bool {
        lower <= ratio && upper.map { ratio <= $0 } ?? true
    }

    /// Whether 1 (no difference) is outside the interval.
    public var excludesOne: Bool {
        !contains(1)
    }
}
