@testable import FlowReports
import SeededRandom
import Testing

/// A user's sum of a property: their numbers in ascending order with Neumaier's compensation, so no order of their
/// events' lines (which an engine does not see) changes a bit of it, and every engine computes the same bits.
@Suite("Sums of a property: ascending and compensated, whatever the line order")
struct CompensatedSumTests {
    @Test("0.1, 0.2 and 0.3 sum to 0.6 in every order, where adding in order gives two different values")
    func orderIndependent() {
        let numbers = [0.1, 0.2, 0.3]
        let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]].map { $0.map { numbers[$0] } }
        #expect(Set(orders.map { $0.reduce(0, +) }).count == 2)
        for order in orders {
            #expect(CompensatedSum.of(order) == 0.6, "\(order)")
        }
    }

    @Test("Cancellation, ten tenths, halfway cases and the edges of the range")
    func edges() {
        #expect(CompensatedSum.of([1e100, 1, -1e100]) == 1)
        #expect(CompensatedSum.of(Array(repeating: 0.1, count: 10)) == 1)
        // 1 + 2⁻⁵³ is halfway between 1 and its successor: ties to even gives 1. With 2⁻¹⁰⁶ more the exact sum
        // rounds up, but the compensation, itself a Double, drops the 2⁻¹⁰⁶: the sum is defined by its
        // operations, within a rounding of the exact one, not equal to it in every case.
        #expect(CompensatedSum.of([1, 0x1p-53]) == 1)
        #expect(CompensatedSum.of([1, 0x1p-53, 0x1p-106]) == 1)
        #expect(CompensatedSum.of([.greatestFiniteMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]) == .greatestFiniteMagnitude)
        #expect(!CompensatedSum.of([.greatestFiniteMagnitude, .greatestFiniteMagnitude]).isFinite)
        #expect(CompensatedSum.of([]) == 0)
        #expect(CompensatedSum.of([-0.0]).sign == .plus)
        #expect(CompensatedSum.of([45.99, 12]) == 45.99 + 12)
        #expect(CompensatedSum.of([0x1p-1063, 0x1p-1063]) == 0x1p-1062)
    }

    @Test("The same as the exact sum rounded once for 2,000 users of up to 12 decimal amounts each")
    func closeToExact() {
        var random = SplitMix64(seed: 11)
        var differing = 0
        for _ in 0..<2_000 {
            let numbers = (0..<(random.next(below: 12) + 1)).map { _ in Double(random.next(below: 100_000)) / 100 }
            var exact = ExactBinarySum()
            for number in numbers { exact.add(number) }
            if CompensatedSum.of(numbers.shuffled(using: &random)) != exact.number.doubleValue { differing += 1 }
        }
        #expect(differing == 0)
    }
}
