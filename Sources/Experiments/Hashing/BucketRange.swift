/// A half-open interval `[start, end)` of hash values that maps to one variation.
public struct BucketRange: Sendable, Hashable, Codable {
    /// The inclusive lower bound.
    public var start: Double
    /// The exclusive upper bound.
    public var end: Double

    /// Creates the range `[start, end)`.
    public init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }

    /// Whether `value` lies in `[start, end)`, as GrowthBook's `inRange`.
    @inlinable
    public func contains(_ value: Double) -> Bool {
        start <= value && value < end
    }

    /// Encodes as the two-element array `[start, end]` GrowthBook uses.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(start)
        try container.encode(end)
    }

    /// Decodes the two-element array `[start, end]`.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        start = try container.decode(Double.self)
        end = try container.decode(Double.self)
    }
}
