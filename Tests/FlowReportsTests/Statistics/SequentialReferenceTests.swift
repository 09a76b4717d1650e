import Foundation
import Testing
@testable import FlowReports

@Suite("Sequential testing agrees with the published formulas of asymptotic confidence sequences")
struct SequentialReferenceTests {
    struct Vectors: Decodable {
        struct Case: Decodable {
            let treatment, control: ArmCounts
            let alpha, tuningUsers, rho, lower, upper, pValue: Double
        }

        let cases: [Case]
    }

    static func vectors(filePath: String = #filePath) throws -> Vectors {
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/sequential-vectors.json")
        return try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
    }

    @Test("rho, the interval and the p-value match the numpy reference to 1e-9 on 200 fixed inputs")
    func matchesReference() throws {
        let vectors = try Self.vectors()
        #expect(vectors.cases.count > 150)
        for item in vectors.cases {
            let analysis = ExperimentStatistics.analyze(
                control: ("control", item.control), treatments: [("treatment", item.treatment)], weights: nil,
                settings: ComparisonSettings(alpha: item.alpha, method: .sequential(tuningUsers: item.tuningUsers))
            )
            let comparison = try #require(analysis.comparisons.first)
            let sequence = AsymptoticConfidenceSequence(alpha: item.alpha, tuningUsers: item.tuningUsers)
            #expect(abs(sequence.rho - item.rho) <= 1e-12 * item.rho)
            #expect(abs(comparison.absoluteInterval.lower - max(-1, item.lower)) < 1e-9, "\(item)")
            #expect(abs(comparison.absoluteInterval.upper - min(1, item.upper)) < 1e-9, "\(item)")
            #expect(abs(comparison.pValue - item.pValue) <= 1e-9 * max(item.pValue, 1e-300), "\(item)")
            #expect(comparison.significanceBasis == .absoluteDifferenceConfidenceSequence)
        }
    }

    @Test("the p-value is below alpha exactly when the interval excludes 0")
    func pValueAndIntervalAgree() throws {
        for item in try Self.vectors().cases {
            let analysis = ExperimentStatistics.analyze(
                control: ("control", item.control), treatments: [("treatment", item.treatment)], weights: nil,
                settings: ComparisonSettings(alpha: item.alpha, method: .sequential(tuningUsers: item.tuningUsers))
            )
            let comparison = try #require(analysis.comparisons.first)
            let excludesZero = comparison.absoluteInterval.lower > 0 || comparison.absoluteInterval.upper < 0
            if abs(comparison.pValue - item.alpha) > 1e-9 {
                #expect(excludesZero == (comparison.pValue < item.alpha), "\(item)")
            }
        }
    }

    @Test("sequential intervals are wider than fixed-horizon ones, never a point, and the analysis says which method it used")
    func widerAndLabelled() throws {
        let control = ArmCounts(users: 2000, conversions: 600)
        let treatment = ArmCounts(users: 2000, conversions: 660)
        let fixed = ExperimentStatistics.analyze(control: ("c", control), treatments: [("t", treatment)], weights: nil,
                                                 settings: ComparisonSettings())
        let sequential = ExperimentStatistics.analyze(control: ("c", control), treatments: [("t", treatment)], weights: nil,
                                                      settings: ComparisonSettings(method: .sequential))
        #expect(sequential.method == .sequential)
        #expect(fixed.method == .fixedHorizon)
        let fixedInterval = fixed.comparisons[0].absoluteInterval
        let sequentialInterval = sequential.comparisons[0].absoluteInterval
        #expect(sequentialInterval.lower < fixedInterval.lower && sequentialInterval.upper > fixedInterval.upper)
        #expect(sequential.comparisons[0].pValue > fixed.comparisons[0].pValue)
        let relative = try #require(sequential.comparisons[0].relativeInterval)
        #expect(relative.lower > -1)
        let empty = ExperimentStatistics.analyze(
            control: ("c", ArmCounts(users: 50, conversions: 0)), treatments: [("t", ArmCounts(users: 50, conversions: 0))],
            weights: nil, settings: ComparisonSettings(method: .sequential)
        )
        #expect(empty.comparisons[0].absoluteInterval.lower < 0 && empty.comparisons[0].absoluteInterval.upper > 0)
        #expect(empty.comparisons[0].pValue == 1)
    }
}
