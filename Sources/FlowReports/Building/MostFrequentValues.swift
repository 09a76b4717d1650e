/// Which values of an open-ended breakdown (segment values, failure reasons) a report lists by name: at most a
/// fixed number, those with the largest weight, so that a log of endless distinct values makes a report of bounded
/// size; the rest are folded into one bucket that the report counts.
enum MostFrequentValues {
    /// The `limit` keys of `weights` with the largest weights, ties by name in UTF-8 byte order (as SQL engines
    /// compare); every key when there are no more than `limit`.
    static func top(_ limit: Int, of weights: [String: Int]) -> Set<String> {
        guard weights.count > limit else { return Set(weights.keys) }
        let ranked = weights.sorted { lhs, rhs in
            lhs.value != rhs.value ? lhs.value > rhs.value : lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
        }
        return Set(ranked.prefix(limit).map(\.key))
    }
}
