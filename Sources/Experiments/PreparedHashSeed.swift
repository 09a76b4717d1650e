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

    /// The same value as ``GrowthBookHash/hash(seed:value:version:)`` with this seed.
    @inlinable
    package func hash(value: String, version: Int) -> Double? {
        switch version {
        case 1:
            return GrowthBookHash.hashVersion1(seed: seed, value: value)
        case 2:
            var inner = stateAfterSeed
            inner.combine(value)
            var outer = FNV1a()
            outer.combine(decimalDigitsOf: inner.value)
            return Double(outer.value % 10000) / 10000
        default:
            return nil
        }
    }
}
