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

@Suite("Nearest-rank quantiles by selection")
struct NearestRankSelectionTests {
    @Test("selection finds what sorting finds, whatever the values' order, ties and size", arguments: [
        0, 1, 2, 3, 16, 17, 18, 100, 1_000, 20_001,
    ])
    func selectionAgreesWithSorting(count: Int) {
        var random = SystemRandomNumberGenerator()
        let shapes: [String: [Int64]] = [
            "random": (0..<count).map { _ in Int64.random(in: -1_000...1_000, using: &random) },
            "ascending": (0..<count).map { Int64($0) },
            "descending": (0..<count).map { Int64(count - $0) },
            "all equal": Array(repeating: 7, count: count),
            "two values": (0..<count).map { Int64($0 % 2) },
            "organ pipe": (0..<count).map { Int64(min($0, count - $0)) },
        ]
        for (shape, values) in shapes {
            let percents = [50, 90, 1, 100, 99]
            let sorted = values.sorted()
            let expected = percents.map { NearestRankQuantile.value($0, ofSorted: sorted) }
            #expect(NearestRankQuantile.values(percents, of: values) == expected, "\(shape), \(count) values")
        }
    }
}
