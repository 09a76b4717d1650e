/// An experiment's bucket ranges restated over bucket numbers: the whole numbers `n` a hash version turns into the
/// bucket `n / resolution` (version 2: `0..<10_000`, version 1: `0..<1_000`), so that choosing a variation compares
/// integers instead of doubles.
///
/// `Double(n) / resolution` never decreases as `n` grows, so the numbers whose bucket a range contains form one run
/// `lower..<lower + width`, found once here by binary search on the two comparisons `BucketRange.contains` makes
/// (`start <= bucket`, `bucket < end`): a number lies in a run exactly when its bucket lies in the range.
@usableFromInline
package struct BucketNumberRanges: Sendable {
    /// The bucket numbers one range holds: `lower..<lower + width`.
    @usableFromInline
    struct Run: Sendable {
        @usableFromInline let lower: UInt32
        @usableFromInline let width: UInt32

        /// Whether `number` lies in the run; one unsigned comparison, since numbers below `lower` wrap around.
        @inlinable
        func contains(_ number: UInt32) -> Bool {
            number &- lower < width
        }
    }

    /// One run per range, in the ranges' order.
    @usableFromInline
    let runs: [Run]

    /// The bucket number runs of `ranges` for buckets `n / resolution`, `n` in `0..<resolution`.
    package init(_ ranges: [BucketRange], resolution: UInt32) {
        let scale = Double(resolution)
        runs = ranges.map { range in
            // The first number whose bucket is at or above the start, and the first at or above the end.
            let lower = Self.firstNumber(below: resolution) { range.start <= Double($0) / scale }
            let upper = Self.firstNumber(below: resolution) { !(Double($0) / scale < range.end) }
            return Run(lower: lower, width: upper > lower ? upper - lower : 0)
        }
    }

    /// The smallest `n` in `0..<limit` for which `isAtOrPast(n)` holds, or `limit` when none does; `isAtOrPast` must
    /// stay true once it becomes true.
    private static func firstNumber(below limit: UInt32, where isAtOrPast: (UInt32) -> Bool) -> UInt32 {
        var low: UInt32 = 0
        var high = limit
        while low < high {
            let middle = low + (high - low) / 2
            if isAtOrPast(middle) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }

    /// The index of the first run containing `number`, or `nil` when none does: the same answer as
    /// ``Bucketing/chooseVariation(bucket:ranges:)`` for the bucket `number / resolution`.
    @inlinable
    package func chooseVariation(_ number: UInt32) -> Int? {
        // Every run is checked, backwards, keeping the lowest match: no data-dependent branch for a 50/50 split
        // to mispredict.
        var chosen = -1
        var index = runs.count &- 1
        while index >= 0 {
            chosen = runs[index].contains(number) ? index : chosen
            index &-= 1
        }
        return chosen >= 0 ? chosen : nil
    }
}
