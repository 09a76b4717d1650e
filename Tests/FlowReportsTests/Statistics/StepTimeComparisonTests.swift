import Testing
@testable import FlowReports

@Suite("Time step by step: each arm's median and mean gap between consecutive steps, compared as metrics are")
struct StepTimeComparisonTests {
    private let settings = ComparisonSettings()

    @Test("each step's comparison is the quantile metric's on the medians and the mean metric's on the means")
    func comparesAsMetrics() throws {
        // Step 1 takes the same time in both arms (the same gaps, in another order); step 2 takes 3 s longer in treatment.
        let gaps = (1...400).map { Double($0 % 20) }
        let treatment = [StepGapSample(gaps: gaps.reversed()), StepGapSample(gaps: gaps.map { $0 + 3 })]
        let control = [StepGapSample(gaps: gaps), StepGapSample(gaps: gaps)]
        let comparisons = StepTimeComparison.compare(treatment: treatment, control: control, settings: settings, correction: .holm)
        #expect(comparisons.map(\.step) == [1, 2])
        for (index, comparison) in comparisons.enumerated() {
            #expect(comparison.median == MetricComparison(treatment: treatment[index].median, control: control[index].median, settings: settings))
            #expect(comparison.mean == MetricComparison(treatment: treatment[index].mean, control: control[index].mean, settings: settings))
        }
        #expect(comparisons.map(\.meanAdjustedPValue) == HolmCorrection.adjust(comparisons.map(\.mean.pValue)))
        #expect(comparisons.map(\.medianAdjustedPValue) == HolmCorrection.adjust(comparisons.map(\.median.pValue)))
        #expect(comparisons[1].mean.absolute?.estimate == 3 && comparisons[1].median.absolute?.estimate == 3)
        #expect(comparisons[1].isMeanFound && comparisons[1].isMedianFound)
        #expect(comparisons[0].mean.absolute?.estimate == 0 && !comparisons[0].isMeanFound && !comparisons[0].isMedianFound)
    }

    @Test("the median compared is each arm's median of its users' gaps: a difference of medians, not a median of differences")
    func differenceOfMedians() throws {
        // Treatment's gaps are control's shifted by 10 for the slower half only: the medians differ by 1, not 10.
        let control = (0..<200).map { Double($0) }
        let treatment = control.map { $0 >= 100 ? $0 + 10 : $0 }
        let comparison = try #require(StepTimeComparison.compare(
            treatment: [StepGapSample(gaps: treatment)], control: [StepGapSample(gaps: control)], settings: settings, correction: .holm
        ).first)
        #expect(comparison.median.controlEstimate == 99 && comparison.median.treatmentEstimate == 99)
        #expect(comparison.median.absolute?.estimate == 0)
        #expect(comparison.mean.absolute?.estimate == 5)
    }

    @Test("a step one arm has no gaps for, or fewer steps, reads as an empty arm rather than failing")
    func emptyArms() throws {
        let comparisons = StepTimeComparison.compare(
            treatment: [StepGapSample(gaps: [1, 2, 3]), StepGapSample(gaps: [])], control: [StepGapSample(gaps: [2, 3, 4])],
            settings: settings, correction: .benjaminiHochberg
        )
        #expect(comparisons.count == 2)
        #expect(comparisons[1].mean.limitation == .emptyArm && comparisons[1].median.limitation == .emptyArm)
        #expect(comparisons[0].median.limitation == .tooFewValuesForQuantile, "3 values are too few for a median's interval")
        #expect(comparisons.allSatisfy { !$0.isMeanFound && !$0.isMedianFound })
        #expect(comparisons[1].meanAdjustedPValue == 1)
    }

    @Test("non-finite gaps are left out and the statistics can come from a warehouse's sums")
    func sufficientStatistics() throws {
        let values = [3.0, 5, 8, 13, 21]
        let fromValues = StepGapSample(gaps: values + [.nan, .infinity])
        let fromSums = StepGapSample(
            mean: MeanArmStatistic(count: 5, sum: 50, sumOfSquares: 708), median: QuantileArmStatistic(values: values, level: 0.5)
        )
        #expect(fromValues == fromSums)
    }
}
