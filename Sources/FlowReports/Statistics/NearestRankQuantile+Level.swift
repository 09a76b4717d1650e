extension NearestRankQuantile {
    /// The position of the `level` quantile (0...1) among `count` sorted values: rank ⌈level · count⌉, clamped
    /// to 1...count, less one.
    ///
    /// A product level · count within 1e-12 (relative) of a whole number counts as that number, so a level
    /// written as a decimal gets the rank the decimal gives: 0.7 of 10 values is rank 7, although 0.7 · 10 is
    /// 7.000000000000001 in binary. A NaN level counts as 0. `count` must be at least 1.
    static func index(level: Double, count: Int) -> Int {
        let clamped = level.isNaN ? 0 : min(max(level, 0), 1)
        let product = clamped * Double(count)
        let whole = product.rounded()
        let rank = abs(product - whole) <= 1e-12 * max(1, product) ? whole : product.rounded(.up)
        return min(max(Int(rank), 1), count) - 1
    }

    /// The `level` quantile (0...1) of `sorted`, which must be in ascending order; nil when it is empty.
    static func value(level: Double, ofSorted sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        return sorted[index(level: level, count: sorted.count)]
    }
}
