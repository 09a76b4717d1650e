@testable import FlowReports
import Testing

/// Median and p90 are nearest-rank quantiles: always an observed value.
@Suite("Nearest-rank quantiles")
struct NearestRankQuantileTests {
    @Test("Ranks are ⌈p·n⌉ of the sorted values", arguments: [
        (50, [Int64](), nil), (50, [7], 7), (90, [7], 7), (50, [1, 2], 1), (90, [1, 2], 2),
        (50, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 5), (90, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 9),
        (90, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 10),
    ] as [(Int, [Int64], Int64?)])
    func ranks(percent: Int, values: [Int64], expected: Int64?) {
        #expect(NearestRankQuantile.value(percent, ofSorted: values) == expected)
    }

    @Test("Out-of-range percentages are clamped to 1...100")
    func clamped() {
        #expect(NearestRankQuantile.value(0, ofSorted: [1, 2, 3]) == 1)
        #expect(NearestRankQuantile.value(500, ofSorted: [1, 2, 3]) == 3)
    }
}
