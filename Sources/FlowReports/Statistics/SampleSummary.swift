/// The count, mean and sample variance of some values: what a Welch test needs of each arm.
public struct SampleSummary: Sendable, Hashable {
    /// How many values.
    public var count: Int
    /// Their mean; 0 for none.
    public var mean: Double
    /// Their sample variance (denominator n − 1); 0 for fewer than 2.
    public var variance: Double

    /// Summarises `values` with a two-pass mean and variance.
    public init(_ values: [Double]) {
        count = values.count
        guard !values.isEmpty else {
            mean = 0
            variance = 0
            return
        }
        mean = values.reduce(0, +) / Double(values.count)
        let mean = mean
        variance = values.count < 2 ? 0 : values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
    }
}
