/// How far a computed value is from its reference, and the worst such distance per quantity.
struct DeviationLedger {
    private(set) var worst: [String: Double] = [:]

    /// |actual − expected| / max(1, |expected|): absolute for quantities of order one, relative for larger ones.
    static func scaled(_ actual: Double, _ expected: Double) -> Double {
        if actual == expected { return 0 }
        return abs(actual - expected) / max(1, abs(expected))
    }

    /// |actual − expected| / |expected|, for tail probabilities whose small values matter; values below 1e-300
    /// (where both sides are at the edge of underflow) count as equal.
    static func relative(_ actual: Double, _ expected: Double) -> Double {
        if actual == expected || (abs(actual) < 1e-300 && abs(expected) < 1e-300) { return 0 }
        return abs(actual - expected) / abs(expected)
    }

    /// Records `deviation` for `quantity` and returns it.
    @discardableResult
    mutating func record(_ quantity: String, _ deviation: Double) -> Double {
        worst[quantity] = max(worst[quantity] ?? 0, deviation.isNaN ? .infinity : deviation)
        return deviation
    }

    /// One line per quantity, for the test log.
    var summary: String {
        worst.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }.joined(separator: "\n")
    }
}
