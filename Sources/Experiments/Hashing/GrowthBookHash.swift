/// GrowthBook's deterministic hash from a seed and a user's hash attribute value to a bucket in `[0, 1)`.
///
/// Bit-identical to `hash(seed, value, version)` in GrowthBook's JS SDK and `gbhash` in the Python SDK.
public enum GrowthBookHash {
    /// Hashes `value` with `seed` into `[0, 1)`, or returns `nil` for a hash version other than 1 or 2.
    ///
    /// - Version 1: `(fnv(value + seed) % 1000) / 1000`.
    /// - Version 2: `(fnv(String(fnv(seed + value))) % 10000) / 10000`.
    ///
    /// Concatenations are folded into one running FNV state, so nothing is allocated.
    @inlinable
    public static func hash(seed: String, value: String, version: Int) -> Double? {
        switch version {
        case 1: hashVersion1(seed: seed, value: value)
        case 2: hashVersion2(seed: seed, value: value)
        default: nil
        }
    }

    /// Version 1 hash: `(fnv(value + seed) % 1000) / 1000`.
    @inlinable
    public static func hashVersion1(seed: String, value: String) -> Double {
        var hasher = FNV1a()
        hasher.combine(value)
        hasher.combine(seed)
        return Double(hasher.value % 1000) / 1000
    }

    /// Version 2 hash: `(fnv(String(fnv(seed + value))) % 10000) / 10000`.
    @inlinable
    public static func hashVersion2(seed: String, value: String) -> Double {
        var inner = FNV1a()
        inner.combine(seed)
        inner.combine(value)
        var outer = FNV1a()
        outer.combine(decimalDigitsOf: inner.value)
        return Double(outer.value % 10000) / 10000
    }
}
