@testable import FlowReports
import SeededRandom
import Testing

/// Order statistics of values counted with their users (a warehouse's tuples) are those of the values expanded one
/// per user: quantile metrics and percentile caps from `report --counts` never need the expansion.
@Suite("Order statistics of counted values")
struct WeightedSortedValuesTests {
    /// Distinct and repeated values (some counted twice, some of many users, a few not finite), in random order.
    static func entries(seed: UInt64) -> [(value: Double, users: Int)] {
        var random = SplitMix64(seed: seed)
        let distinct = Int.random(in: 1...40, using: &random)
        var entries: [(value: Double, users: Int)] = (0..<distinct).map { _ in
            let value = Bool.random(using: &random) ? Double(Int.random(in: -5...20, using: &random)) : Double.random(in: -1e3...1e6, using: &random)
            return (value, Int.random(in: 1...(Bool.random(using: &random) ? 3 : 400), using: &random))
        }
        entries += entries.prefix(3).map { ($0.value, Int.random(in: 1...5, using: &random)) }
        if Bool.random(using: &random) { entries.append((.infinity, 2)) }
        return entries.shuffled(using: &random)
    }

    static func expanded(_ entries: [(value: Double, users: Int)]) -> [Double] {
        entries.flatMap { repeatElement($0.value, count: $0.users) }.filter(\.isFinite).sorted()
    }

    @Test("nearest ranks and PERCENTILE_CONT equal those of the expanded values, at every level", arguments: 0..<200)
    func orderStatistics(seed: UInt64) {
        let entries = Self.entries(seed: seed)
        let weighted = WeightedSortedValues(entries)
        let sorted = Self.expanded(entries)
        #expect(weighted.count == sorted.count)
        for level in [0, 1e-8, 0.01, 0.1, 0.25, 0.5, 0.7, 0.9, 0.95, 0.99, 0.99999999, 1] {
            #expect(weighted.nearestRank(level: level) == NearestRankQuantile.value(level: level, ofSorted: sorted), "level \(level)")
            #expect(weighted.percentileContinuous(level) == MetricCap.percentileContinuous(level, ofSorted: sorted), "level \(level)")
        }
        #expect(weighted.values(at: [sorted.count - 1, 0]) == [sorted[sorted.count - 1], sorted[0]])
    }

    @Test("a quantile metric's arm statistic and a cap's thresholds are those of the expanded values", arguments: 0..<100)
    func quantileAndCaps(seed: UInt64) {
        let entries = Self.entries(seed: seed)
        let sorted = Self.expanded(entries)
        for level in [0.5, 0.9, 0.99] {
            let weighted = QuantileArmStatistic(weighted: WeightedSortedValues(entries), level: level)
            let expanded = QuantileArmStatistic(sortedValues: sorted, level: level)
            #expect([weighted.count, weighted.nStar] == [expanded.count, expanded.nStar])
            #expect([weighted.estimate, weighted.lowerBound, weighted.upperBound] == [expanded.estimate, expanded.lowerBound, expanded.upperBound])
        }
        for cap in [MetricCap.percentile(lower: 0.01, upper: 0.99, ignoringZeros: false), .percentile(0.95, ignoringZeros: true),
                    .percentile(lower: 0.5, upper: nil, ignoringZeros: true)] {
            let values = entries.flatMap { repeatElement($0.value, count: $0.users) }
            #expect(cap.thresholds(pooledEntries: entries) == cap.thresholds(pooledValues: values), "\(cap)")
        }
    }

    @Test("no values: no quantile, no percentile; a cap of none caps nothing")
    func empty() {
        let none = WeightedSortedValues([(Double.nan, 3), (1, 0)])
        #expect(none.count == 0)
        #expect(none.nearestRank(level: 0.5) == nil)
        #expect(none.percentileContinuous(0.5) == nil)
        #expect(MetricCap.percentile(0.99, ignoringZeros: true).thresholds(pooledEntries: [(0, 10)])
            == MetricCap.Thresholds(lower: nil, upper: nil, leavesZeros: true))
    }

    @Test("2^53 users of two values: ranks past 2^31 are found without expanding or trapping")
    func manyUsers() {
        let values = WeightedSortedValues([(value: 2.0, users: 1 << 52), (value: 1.0, users: 1 << 52)])
        #expect(values.count == 1 << 53)
        #expect(values.nearestRank(level: 0.5) == 1)
        #expect(values.nearestRank(level: 0.500001) == 2)
        #expect(values.percentileContinuous(1) == 2)
        #expect(values.percentileContinuous(0.5) == 1.5)
    }
}
