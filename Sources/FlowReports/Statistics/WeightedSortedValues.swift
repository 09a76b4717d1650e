/// Values in ascending order, each held by some users: a sorted sample told as distinct values with their users, so
/// order statistics of millions of users counted by a warehouse are read without expanding them one per user.
///
/// Every statistic here equals the one of the expanded, sorted values: the value at index `i` of the expansion is
/// the entry whose users, added up in order, first pass `i`.
struct WeightedSortedValues: Sendable {
    /// The distinct values, ascending, each with its users (each more than 0).
    private(set) var entries: [(value: Double, users: Int)]
    /// The users of every entry.
    private(set) var count: Int

    /// The finite values of `entries`, in any order, each held by its users; entries of no users are dropped. The
    /// users must add up to at most `Int.max` (``AggregateCounts`` checks totals when it reads them).
    init(_ entries: some Sequence<(value: Double, users: Int)>) {
        var kept = entries.filter { $0.value.isFinite && $0.users > 0 }
        kept.sort { $0.value < $1.value }
        var merged: [(value: Double, users: Int)] = []
        merged.reserveCapacity(kept.count)
        for entry in kept {
            if let last = merged.last, last.value == entry.value {
                merged[merged.count - 1].users += entry.users
            } else {
                merged.append(entry)
            }
        }
        self.entries = merged
        count = merged.reduce(0) { $0 + $1.users }
    }

    /// The value at `index` (0..<``count``) of the values expanded one per user.
    subscript(index: Int) -> Double {
        precondition(index >= 0 && index < count, "an order statistic within the sample")
        var below = 0
        for entry in entries {
            below += entry.users
            if index < below { return entry.value }
        }
        preconditionFailure("the users add up to count")
    }

    /// The values at `indices` (each 0..<``count``), found in one pass over the entries.
    func values(at indices: [Int]) -> [Double] {
        let order = indices.indices.sorted { indices[$0] < indices[$1] }
        var found = [Double](repeating: 0, count: indices.count)
        var entry = 0
        var below = entries.first?.users ?? 0
        for position in order {
            let index = indices[position]
            precondition(index >= 0 && index < count, "an order statistic within the sample")
            while index >= below {
                entry += 1
                below += entries[entry].users
            }
            found[position] = entries[entry].value
        }
        return found
    }

    /// The nearest-rank `level` quantile (``NearestRankQuantile/index(level:count:)``); nil without values.
    func nearestRank(level: Double) -> Double? {
        count == 0 ? nil : self[NearestRankQuantile.index(level: level, count: count)]
    }

    /// SQL's `PERCENTILE_CONT(p)`, as ``MetricCap/percentileContinuous(_:ofSorted:)`` takes it of the expanded values.
    func percentileContinuous(_ p: Double) -> Double? {
        guard count > 0 else { return nil }
        let position = Double(count - 1) * (p.isNaN ? 0 : min(max(p, 0), 1))
        let below = position >= Double(count - 1) ? count - 1 : Int(position.rounded(.down))
        guard below + 1 < count else { return self[below] }
        let pair = values(at: [below, below + 1])
        return MetricCap.interpolate(pair[0], pair[1], fraction: position - Double(below))
    }
}
