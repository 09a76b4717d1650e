@testable import FlowReports
import Testing

/// A report's integer columns are sorted without comparisons, into exactly the order `sorted()` gives.
@Suite("Integer columns sorted by radix")
struct IntegerSortTests {
    @Test("the radix sort agrees with sorted() whatever the values' range, order, ties and size", arguments: [
        0, 1, 2, 64, 65, 1_000, 20_001,
    ])
    func agreesWithSorting(count: Int) {
        var random = SystemRandomNumberGenerator()
        let shapes: [String: [Int64]] = [
            "small counts": (0..<count).map { _ in Int64.random(in: 0...12, using: &random) },
            "milliseconds of a day": (0..<count).map { _ in Int64.random(in: 0...86_400_000, using: &random) },
            "the full non-negative range": (0..<count).map { _ in Int64.random(in: 0...Int64.max, using: &random) },
            "a shared high byte": (0..<count).map { _ in (1 << 40) | Int64.random(in: 0...255, using: &random) },
            "with negatives": (0..<count).map { _ in Int64.random(in: -5_000...5_000, using: &random) },
            "descending": (0..<count).map { Int64(count - $0) * 1_000 },
            "all zero": Array(repeating: 0, count: count),
        ]
        for (shape, values) in shapes {
            #expect(IntegerSort.ascending(values) == values.sorted(), "\(shape), \(count) values")
        }
    }
}
