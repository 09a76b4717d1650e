import Testing
@testable import FlowReports

@Suite("Where the paths differ: the share of users per path or exit screen, compared between arms and corrected")
struct ShareDifferenceTests {
    private let treatment = ShareCounts(users: 2000, counts: ["welcome>plan>pay|goal": 900, "welcome>plan|left": 500, "welcome|left": 600])
    private let control = ShareCounts(users: 2100, counts: ["welcome>plan>pay|goal": 800, "welcome>plan|left": 650, "welcome|left": 600,
                                                            "welcome>help|left": 50])

    @Test("each key is the goal's comparison of two proportions: Newcombe's interval and the pooled z-test")
    func matchesGoalStatistics() throws {
        let differences = ShareDifference.compare(treatment: treatment, control: control)
        #expect(differences.count == 4)
        for difference in differences {
            let treatmentCounts = ArmCounts(users: 2000, conversions: treatment.counts[difference.key] ?? 0)
            let controlCounts = ArmCounts(users: 2100, conversions: control.counts[difference.key] ?? 0)
            let expected = AbsoluteDifference(treatment: treatmentCounts, control: controlCounts, alpha: 0.05)
            #expect(difference.difference == expected.estimate && difference.interval == expected.interval)
            #expect(difference.pValue == PooledZTest(treatment: treatmentCounts, control: controlCounts).pValue)
            #expect(difference.treatment == treatmentCounts && difference.control == controlCounts)
        }
        #expect(differences.first { $0.key == "welcome>help|left" }?.treatment.conversions == 0, "a key one arm lacks counts 0 there")
    }

    @Test("biggest difference first, p-values corrected across keys, and the adjusted interval shows the correction")
    func orderAndCorrection() throws {
        for correction in MultipleComparisonCorrection.allCases {
            let differences = ShareDifference.compare(treatment: treatment, control: control, correction: correction)
            let sizes = differences.map { abs($0.difference) }
            #expect(sizes == sizes.sorted(by: >))
            #expect(differences.map(\.adjustedPValue) == correction.adjust(differences.map(\.pValue)))
            for difference in differences {
                #expect(difference.isFound == (difference.adjustedPValue < 0.05))
                #expect(difference.adjustedInterval.lower <= difference.interval.lower)
                #expect(difference.adjustedInterval.upper >= difference.interval.upper)
                let excludesZero = difference.adjustedInterval.lower > 0 || difference.adjustedInterval.upper < 0
                if abs(difference.adjustedPValue - 0.05) > 0.005 { #expect(excludesZero == difference.isFound, "\(difference)") }
            }
            #expect(differences.filter(\.isFound).map(\.key).sorted() == ["welcome>help|left", "welcome>plan>pay|goal", "welcome>plan|left"])
        }
    }

    @Test("ties in size are ordered by key in UTF-8 order; empty arms and counts past the users give defined readings")
    func edges() throws {
        let tied = ShareDifference.compare(
            treatment: ShareCounts(users: 100, counts: ["b": 10, "a": 10, "é": 10, "z": 10]), control: ShareCounts(users: 100, counts: [:])
        )
        #expect(tied.map(\.key) == ["a", "b", "z", "é"])
        let empty = ShareDifference.compare(treatment: ShareCounts(users: 0, counts: ["a": 3]), control: ShareCounts(users: -5, counts: ["a": 1]))
        #expect(empty.count == 1 && empty[0].difference == 0 && empty[0].pValue == 1 && !empty[0].isFound)
        #expect(empty[0].interval == ConfidenceInterval(lower: -1, upper: 1) && empty[0].adjustedInterval == empty[0].interval)
        let clamped = ShareDifference.compare(treatment: ShareCounts(users: 10, counts: ["a": 30]), control: ShareCounts(users: 10, counts: ["a": -2]))
        #expect(clamped[0].treatment.conversions == 10 && clamped[0].control.conversions == 0 && clamped[0].difference == 1)
        #expect(ShareDifference.compare(treatment: ShareCounts(users: 10, counts: [:]), control: ShareCounts(users: 10, counts: [:])).isEmpty)
    }
}
