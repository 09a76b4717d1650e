/// A two-sided interval.
///
/// Reports carry it as it is: `{"lower": …, "upper": …}` in their JSON.
public struct ConfidenceInterval: Sendable, Hashable, Codable {
    /// Lower bound.
    public var lower: Double
    /// Upper bound.
    public var upper: Double

    /// Creates an interval from its bounds.
    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// Whether the interval contains `value` (bounds included).
    public func contains(_ value: Double) -> Bool {
        lower <= value && value <= upper
    }
}
