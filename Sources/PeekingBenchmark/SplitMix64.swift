/// A small deterministic generator (SplitMix64), so every run of the benchmark draws the same users.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A uniform draw in [0, 1).
    mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
