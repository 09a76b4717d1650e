@testable import FlowReports
import Testing

@Suite("Step signatures order like binary numbers with bit j for step j")
struct StepSignatureTests {
    @Test("a signature that also matches a later step sorts after one that does not", arguments: [
        ([1], [2]), ([0, 1], [2]), ([3], [3, 0]), ([], [0]), ([63], [64]), ([64, 63], [65]), ([70], [70, 3]),
        ([70, 3], [70, 65]), ([100, 64, 0], [100, 64, 1]),
    ])
    func ordering(smaller: [Int], larger: [Int]) {
        let lhs = StepSignature(stepsDescending: smaller.sorted(by: >))
        let rhs = StepSignature(stepsDescending: larger.sorted(by: >))
        #expect(lhs < rhs)
        #expect(!(rhs < lhs))
        #expect(lhs != rhs)
    }

    @Test("membership is kept on both sides of step 64")
    func membership() {
        let signature = StepSignature(stepsDescending: [130, 64, 63, 0])
        for step in [0, 63, 64, 130] { #expect(signature.contains(step)) }
        for step in [1, 62, 65, 129] { #expect(!signature.contains(step)) }
        #expect(!signature.isEmpty)
        #expect(StepSignature(stepsDescending: []).isEmpty)
    }
}
