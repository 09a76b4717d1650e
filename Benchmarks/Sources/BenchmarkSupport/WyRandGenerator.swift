/// A seedable pseudo-random generator (Wang Yi's wyrand) for the data the benchmarks generate: one seed
/// draws one sequence on every machine, so a benchmark's input repeats from run to run.
package struct WyRandGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose sequence `seed` fixes; every seed, zero included, gives a full-quality sequence.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 pseudo-random bits: a Weyl-sequence step, then the two halves of a 128-bit product folded together.
    package mutating func next() -> UInt64 {
        state &+= 0xA076_1D64_78BD_642F
        let product = state.multipliedFullWidth(by: state ^ 0xE703_7ED1_A0B4_28DB)
        return product.high ^ product.low
    }

    /// A draw uniform in [0, 1), from the top 53 bits.
    package mutating func nextFraction() -> Double {
        Double(next() >> 11) / 9_007_199_254_740_992
    }
}
