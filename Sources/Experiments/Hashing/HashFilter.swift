/// A GrowthBook `filters` entry: the user is kept only when the hash of their `attribute` falls in one of `ranges`.
///
/// An experiment with filters ignores its namespace, as in GrowthBook.
public struct HashFilter: Sendable, Hashable {
    /// The attribute whose value is hashed; GrowthBook's default is `id`.
    public var attribute: String
    /// The hash seed; GrowthBook's default is the empty string.
    public var seed: String
    /// The hash version; GrowthBook's default is 2.
    public var hashVersion: Int
    /// The accepted hash ranges.
    public var ranges: [BucketRange]

    /// Creates a filter with GrowthBook's defaults for omitted fields.
    public init(attribute: String = "id", seed: String = "", hashVersion: Int = 2, ranges: [BucketRange]) {
        self.attribute = attribute
        self.seed = seed
        self.hashVersion = hashVersion
        self.ranges = ranges
    }

    /// Whether `attributes` pass this filter; a user without a usable hash value never does.
    public func admits(_ attributes: Attributes) -> Bool {
        guard let hashValue = HashAttributeValue.string(for: attributes[attribute]),
              let bucket = GrowthBookHash.hash(seed: seed, value: hashValue, version: hashVersion)
        else {
            return false
        }
        return ranges.contains { $0.contains(bucket) }
    }
}
