/// A small, fast, seedable random number generator (SplitMix64): the same seed draws the same
/// numbers on every run and every machine.
///
/// The simulation draws every simulated user's choices from it, so its streams are part of what
/// makes a simulated log reproducible; tests that generate their data use it too.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// A generator for one item of a seeded collection, such as one simulated user: independent
    /// streams per index of one seed.
    package init(seed: UInt64, stream: UInt64) {
        var mixer = SplitMix64(seed: seed ^ (stream &* 0xD134_2543_DE82_EF95))
        state = mixer.next()
    }

    /// The next pseudo-random 64-bit number.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A uniform draw in [0, 1).
    package mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A draw in `0..<bound` by remainder: slightly uneven for large bounds, which generated data
    /// does not mind, and cheaper than `Int.random(in:using:)`.
    package mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
