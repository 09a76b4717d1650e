/// A hash seed prepared once per experiment so that hashing a user only folds the user's value.
///
/// Version 2 hashes `seed + value`, so the FNV state after the seed is computed here once. Version 1 hashes
/// `value + seed`, where the seed comes last and cannot be precomputed.
@usableFromInline package struct PreparedHashSeed: Sendable {
    /// The seed.
    @usableFromInline package let seed: String
    @usableFromInline
    let stateAfterSeed: FNV1a

    /// Prepares `seed`.
    @usableFromInline package init(_ seed: String) {
        self.seed = seed
        var hasher = FNV1a()
        hasher.combine(seed)
        stateAfterSeed = hasher
    }

    /// How many buckets hash `version` has: the hash is a bucket number `n` in `0..<resolution`, and the bucket is
    /// `n / resolution`. `nil` for a version other than 1 or 2.
    @inlinable
    package static func resolution(version: Int) -> UInt32? {
        switch version {
        case 1: 1_000
        case 2: 10_000
        default: nil
        }
    }

    /// The bucket number of `value`: ``GrowthBookHash/hash(seed:value:version:)`` with this seed is this number
    /// divided by ``resolution(version:)``. `nil` for a version other than 1 or 2.
    @inlinable
    package func bucketNumber(value: String, version: Int) -> UInt32? {
        switch version {
        case 1:
            var hasher = FNV1a()
            hasher.combine(value)
            hasher.combine(seed)
            return hasher.value % 1_000
        case 2:
            var inner = stateAfterSeed
            inner.combine(value)
            var outer = FNV1a()
            outer.combine(decimalDigitsOf: inner.value)
            return outer.value % 10_000
        default:
            return nil
        }
    }
}
