@testable import FlowReports
import Testing

/// The table of exposed users grows in segments: it behaves as an array whatever its size.
@Suite("Segmented arrays")
struct SegmentedArrayTests {
    @Test("appended elements keep their positions across many segments, and change in place", arguments: [
        0, 1, 8_191, 8_192, 8_193, 50_000,
    ])
    func behavesAsAnArray(count: Int) {
        var segmented = SegmentedArray<[Int]>()
        var plain: [[Int]] = []
        for value in 0..<count {
            segmented.append([value])
            plain.append([value])
        }
        for position in stride(from: 0, to: count, by: 7) {
            segmented[position].append(-position)
            plain[position].append(-position)
        }
        #expect(segmented.count == count)
        #expect(Array(segmented) == plain)
    }
}
