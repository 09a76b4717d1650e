/// Quantiles by the nearest-rank method: the smallest observed value with at least the given share at or below it.
///
/// Chosen because the result is always an observed duration and needs no interpolation rule; the median of
/// an even number of values is therefore the lower of the two middle values.
enum NearestRankQuantile {
    /// The `percent` quantile (1...100) of `sorted`, which must be in ascending order; nil when it is empty.
    static func value(_ percent: Int, ofSorted sorted: [Int64]) -> Int64? {
        guard !sorted.isEmpty else { return nil }
        return sorted[index(of: percent, count: sorted.count)]
    }

    /// The `percents` quantiles (each 1...100) of `values`, in any order; nil for each when it is empty.
    ///
    /// The same as sorting the values and reading each quantile off, in time linear in their number: each
    /// value is found by selection, which only partitions the values around it.
    static func values(_ percents: [Int], of values: [Int64]) -> [Int64?] {
        guard !values.isEmpty else { return percents.map { _ in nil } }
        var values = values
        // From the highest rank down, so each selection partitions only the values left of the previous one.
        let indices = percents.map { index(of: $0, count: values.count) }
        var upperBound = values.count
        for index in Set(indices).sorted(by: >) {
            select(index, in: &values, below: upperBound)
            upperBound = index
        }
        return indices.map { values[$0] }
    }

    /// The position of the `percent` quantile among `count` sorted values.
    static func index(of percent: Int, count: Int) -> Int {
        let clampedPercent = min(max(percent, 1), 100)
        let rank = (count * clampedPercent + 99) / 100
        return min(max(rank, 1), count) - 1
    }

    /// Rearranges `values[..<upperBound]` so that the value at `target` is the one sorting would put there, with
    /// none larger before it and none smaller after it.
    ///
    /// Quickselect with a median-of-three pivot; a range that shrinks too slowly (values arranged against the
    /// pivot rule) is sorted instead, so the worst case stays that of sorting.
    private static func select(_ target: Int, in values: inout [Int64], below upperBound: Int) {
        var low = 0
        var high = upperBound - 1
        var roundsLeft = 2 * (Int.bitWidth - upperBound.leadingZeroBitCount) + 4
        while high - low > 16 {
            if roundsLeft == 0 { break }
            roundsLeft -= 1
            let middle = low + (high - low) / 2
            let pivot = medianOfThree(values[low], values[middle], values[high])
            // Hoare's partition: afterwards every value at or before `j` is <= pivot, every one after is >= pivot.
            var i = low - 1
            var j = high + 1
            while true {
                repeat { i += 1 } while values[i] < pivot
                repeat { j -= 1 } while values[j] > pivot
                if i >= j { break }
                values.swapAt(i, j)
            }
            if target <= j { high = j } else { low = j + 1 }
        }
        values[low...high].sort()
    }

    private static func medianOfThree(_ a: Int64, _ b: Int64, _ c: Int64) -> Int64 {
        max(min(a, b), min(max(a, b), c))
    }
}
