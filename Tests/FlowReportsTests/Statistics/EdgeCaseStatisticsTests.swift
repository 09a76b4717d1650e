import Foundation
import Testing
@testable import FlowReports

/// Inputs at the edges must give defined, finite, encodable results rather than traps or NaN.
@Suite("Statistics at the edges")
struct EdgeCaseStatisticsTests {
    private func analyze(
        control: ArmCounts, treatments: [ArmCounts], weights: [Double]? = nil,
        settings: ComparisonSettings = ComparisonSettings()
    ) -> ExperimentAnalysis {
        ExperimentStatistics.analyze(
            control: ("control", control),
            treatments: treatments.enumerated().map { ("treatment-\($0.offset + 1)", $0.element) },
            weights: weights, settings: settings
        )
    }

    /// Every number is finite and the whole analysis encodes with a default JSONEncoder.
    private func expectDefined(_ analysis: ExperimentAnalysis) throws {
        for comparison in analysis.comparisons {
            let numbers = [
                comparison.absoluteDifference, comparison.absoluteInterval.lower, comparison.absoluteInterval.upper,
                comparison.zScore, comparison.pValue, comparison.adjustedPValue,
            ] + [comparison.chanceToBeatControl, comparison.relativeUplift, comparison.relativeInterval?.lower, comparison.relativeInterval?.upper,
                 comparison.minimumDetectableEffect].compactMap { $0 }
            let allFinite = numbers.allSatisfy { $0.isFinite }
            #expect(allFinite, "\(comparison)")
            #expect((0...1).contains(comparison.pValue) && (0...1).contains(comparison.chanceToBeatControl ?? 0))
            #expect(comparison.absoluteInterval.lower >= -1 && comparison.absoluteInterval.upper <= 1)
            #expect((comparison.relativeInterval?.lower ?? 0) > -1, "a rate cannot fall by more than 100%")
        }
        _ = try JSONEncoder().encode(analysis)
        #expect(!analysis.verdict.isEmpty)
    }

    @Test("zero users everywhere: no difference, widest interval, p = 1, no chance to beat control, no power figures")
    func zeroUsers() throws {
        let analysis = analyze(control: ArmCounts(users: 0, conversions: 0), treatments: [ArmCounts(users: 0, conversions: 0)],
                               weights: [1, 1])
        try expectDefined(analysis)
        let comparison = try #require(analysis.comparisons.first)
        #expect(comparison.absoluteDifference == 0)
        #expect(comparison.absoluteInterval == ConfidenceInterval(lower: -1, upper: 1))
        #expect(comparison.relativeUplift == nil && comparison.relativeInterval == nil)
        #expect(comparison.zScore == 0 && comparison.pValue == 1 && !comparison.isSignificant)
        #expect(comparison.chanceToBeatControl == nil)
        #expect(comparison.minimumDetectableEffect == nil && comparison.usersNeededPerArm == nil)
        #expect(analysis.sampleRatio?.isMismatch == false)
        #expect(analysis.verdict == "not enough data yet: control has no users")
    }

    @Test("a treatment without users next to a populated control is reported, not compared")
    func emptyTreatment() throws {
        let analysis = analyze(control: ArmCounts(users: 500, conversions: 50), treatments: [ArmCounts(users: 0, conversions: 0)])
        try expectDefined(analysis)
        #expect(analysis.comparisons[0].pValue == 1)
        #expect(analysis.comparisons[0].chanceToBeatControl == nil, "the priors alone would say 50%")
        #expect(analysis.verdict == "not enough data yet: treatment-1 has no users")
    }

    @Test("zero conversions in both arms: an interval around 0 that is not a point, z = 0, p = 1 where statsmodels gives NaN")
    func zeroConversions() throws {
        let analysis = analyze(control: ArmCounts(users: 800, conversions: 0), treatments: [ArmCounts(users: 800, conversions: 0)])
        try expectDefined(analysis)
        let comparison = analysis.comparisons[0]
        #expect(comparison.absoluteInterval.lower < -0.004 && comparison.absoluteInterval.upper > 0.004)
        #expect(comparison.absoluteInterval.lower == -comparison.absoluteInterval.upper)
        #expect(comparison.zScore == 0 && comparison.pValue == 1)
        #expect(comparison.relativeUplift == nil)
        #expect(abs((comparison.chanceToBeatControl ?? 0) - 0.5) < 1e-12)
        #expect((comparison.minimumDetectableEffect ?? 0) > 0)
        #expect(comparison.usersNeededPerArm == nil)
        #expect(analysis.verdict.hasPrefix("no significant difference between treatment-1 and control"))
    }

    @Test("everyone converted in both arms: an absolute interval below 0 that is not a point, uplift 0, MDE measured downwards")
    func allConverted() throws {
        let analysis = analyze(control: ArmCounts(users: 300, conversions: 300), treatments: [ArmCounts(users: 300, conversions: 300)])
        try expectDefined(analysis)
        let comparison = analysis.comparisons[0]
        #expect(comparison.absoluteInterval.lower < -0.01 && comparison.absoluteInterval.upper > 0.01)
        #expect(comparison.relativeUplift == 0)
        #expect(comparison.pValue == 1)
        let mde = try #require(comparison.minimumDetectableEffect)
        #expect(mde > 0 && mde < 1)
    }

    @Test("small arms: the relative interval stays above -100%; a treatment without conversions has no relative interval")
    func smallArmsRelativeInterval() throws {
        let even = analyze(control: ArmCounts(users: 5, conversions: 3), treatments: [ArmCounts(users: 5, conversions: 3)])
        try expectDefined(even)
        let interval = try #require(even.comparisons[0].relativeInterval)
        #expect(interval.lower > -1 && interval.lower < 0 && interval.upper > 0)
        let none = analyze(control: ArmCounts(users: 50, conversions: 20), treatments: [ArmCounts(users: 50, conversions: 0)])
        try expectDefined(none)
        #expect(none.comparisons[0].relativeUplift == -1)
        #expect(none.comparisons[0].relativeInterval == nil)
        #expect(none.comparisons[0].absoluteInterval.lower > -0.6 && none.comparisons[0].absoluteInterval.upper < -0.2)
    }

    @Test("negative counts read as zero and conversions above users are capped at users")
    func absurdCounts() throws {
        let analysis = analyze(
            control: ArmCounts(users: -5, conversions: 10),
            treatments: [ArmCounts(users: 100, conversions: 250), ArmCounts(users: 100, conversions: -3)],
            weights: [1, 1, 1]
        )
        try expectDefined(analysis)
        #expect(analysis.comparisons[0].controlCounts == ArmCounts(users: 0, conversions: 0))
        #expect(analysis.comparisons[0].treatmentCounts == ArmCounts(users: 100, conversions: 100))
        #expect(analysis.comparisons[1].treatmentCounts == ArmCounts(users: 100, conversions: 0))
        #expect(ArmCounts(users: -5, conversions: 10).rate == 0)
        #expect(ArmCounts(users: 4, conversions: 9).rate == 1)
    }

    @Test("counts near Int.max neither trap nor produce NaN")
    func hugeCounts() throws {
        let huge = ArmCounts(users: Int.max, conversions: Int.max / 2)
        let analysis = analyze(control: huge, treatments: [huge, ArmCounts(users: Int.max, conversions: Int.max / 3)],
                               weights: [1, 1, 1])
        try expectDefined(analysis)
        #expect(analysis.comparisons[1].isSignificant)
        #expect(ChanceToBeatControl.evaluate(treatment: huge, control: huge).method == .normalApproximation)
    }

    @Test("absurd settings are clamped: NaN alpha means 0.05, alpha 0 and 2 stay inside (0, 1)")
    func absurdSettings() throws {
        let control = ArmCounts(users: 1000, conversions: 100)
        let treatment = ArmCounts(users: 1000, conversions: 120)
        #expect(analyze(control: control, treatments: [treatment], settings: ComparisonSettings(alpha: .nan)).alpha == 0.05)
        for settings in [ComparisonSettings(alpha: 0, power: 0), ComparisonSettings(alpha: 2, power: 7),
                         ComparisonSettings(alpha: -1, power: .infinity)] {
            try expectDefined(analyze(control: control, treatments: [treatment], settings: settings))
        }
    }

    @Test("no treatments: nothing to compare, and the verdict says so")
    func noTreatments() throws {
        let analysis = analyze(control: ArmCounts(users: 10, conversions: 1), treatments: [], weights: [1])
        try expectDefined(analysis)
        #expect(analysis.comparisons.isEmpty)
        #expect(analysis.verdict == "no treatment to compare with control")
    }

    @Test("untestable weights give p = 1 without a mismatch; a zero-weight arm that got users is a certain mismatch")
    func sampleRatioEdges() {
        for (observed, weights) in [([10, 10], [1.0]), ([10], [1.0]), ([10, 10], [1, -1]), ([0, 0], [1, 1]),
                                    ([10, 10], [.nan, 1]), ([10, 10], [0, 0])] {
            let check = SampleRatioCheck.test(observed: observed, weights: weights)
            #expect(check.pValue == 1 && !check.isMismatch && check.chiSquare == 0, "\(observed) \(weights)")
        }
        let leaked = SampleRatioCheck.test(observed: [100, 100, 3], weights: [1, 1, 0])
        #expect(leaked.isMismatch && leaked.pValue == 0 && leaked.chiSquare.isFinite)
        let idle = SampleRatioCheck.test(observed: [100, 100, 0], weights: [1, 1, 0])
        #expect(!idle.isMismatch && idle.degreesOfFreedom == 1)
    }

    @Test("distribution functions answer NaN, 0, 1 or ±∞ at their boundaries instead of trapping")
    func distributionBoundaries() {
        #expect(NormalDistribution.quantile(.nan).isNaN)
        #expect(NormalDistribution.cdf(-.infinity) == 0 && NormalDistribution.cdf(.infinity) == 1)
        #expect(ChiSquareDistribution.survival(x: -3, degreesOfFreedom: 4) == 1)
        #expect(ChiSquareDistribution.survival(x: .infinity, degreesOfFreedom: 4) == 0)
        #expect(ChiSquareDistribution.survival(x: 3, degreesOfFreedom: 0).isNaN)
        #expect(BetaFunction.regularizedIncomplete(x: 2, a: 1, b: 1) == 1)
        #expect(BetaFunction.regularizedIncomplete(x: 0.5, a: -1, b: 1).isNaN)
        #expect(PowerAnalysis.requiredShift(alpha: 0.05, power: 0.01) == nil)
    }
}
