@testable import FlowReports
import Testing

/// A user's sum of a property: the exact sum of the numbers, rounded once, so no order of their events' lines
/// (which an engine does not see) changes a bit of it.
@Suite("Sums of a property: exact, whatever the order")
struct ExactSumTests {
    static func sum(_ numbers: [Double]) -> Double {
        var sum = ExactSum()
        for number in numbers { sum.add(number) }
        return sum.value
    }

    @Test("0.1, 0.2 and 0.3 sum to 0.6 in every order, where adding in order gives two different values")
    func orderIndependent() {
        let numbers = [0.1, 0.2, 0.3]
        let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]].map { $0.map { numbers[$0] } }
        #expect(Set(orders.map { $0.reduce(0, +) }).count == 2)
        for order in orders {
            #expect(Self.sum(order) == 0.6, "\(order)")
        }
    }

    @Test("Cancellation, ten tenths, halfway cases and the edges of the range are rounded once, from the exact sum")
    func exact() {
        #expect(Self.sum([1e100, 1, -1e100]) == 1)
        #expect(Self.sum(Array(repeating: 0.1, count: 10)) == 1)
        // 1 + 2⁻⁵³ is halfway between 1 and its successor: ties to even gives 1, but a tiny extra tips it up.
        #expect(Self.sum([1, 0x1p-53]) == 1)
        #expect(Self.sum([1, 0x1p-53, 0x1p-106]) == 1 + 0x1p-52)
        #expect(Self.sum([0x1p-106, 0x1p-53, 1]) == 1 + 0x1p-52)
        #expect(Self.sum([.greatestFiniteMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]) == .greatestFiniteMagnitude)
        #expect(Self.sum([.greatestFiniteMagnitude, .greatestFiniteMagnitude]) == .infinity)
        #expect(Self.sum([]) == 0)
        #expect(Self.sum([-0.0]).sign == .plus)
        #expect(Self.sum([45.99, 12]) == 45.99 + 12)
    }
}
