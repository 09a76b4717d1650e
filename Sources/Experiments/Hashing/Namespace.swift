/// A GrowthBook namespace: experiments sharing an `id` with disjoint `[start, end)` slices never share a user.
public struct Namespace: Sendable, Hashable {
    /// The namespace identifier, hashed with the seed `"__" + id`.
    public var id: String
    /// The inclusive start of this experiment's slice.
    public var start: Double
    /// The exclusive end of this experiment's slice.
    public var end: Double

    /// Creates the namespace slice `[start, end)` of `id`.
    public init(id: String, start: Double, end: Double) {
        self.id = id
        self.start = start
        self.end = end
    }

    /// Whether the user whose hash attribute value is `hashValue` falls in this slice (GrowthBook's `inNamespace`,
    /// a version 1 hash with seed `"__" + id`).
    public func contains(hashValue: String) -> Bool {
        let bucket = GrowthBookHash.hashVersion1(seed: "__" + id, value: hashValue)
        return start <= bucket && bucket < end
    }
}
