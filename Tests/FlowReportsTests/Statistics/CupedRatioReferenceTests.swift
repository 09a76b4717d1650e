import Foundation
import Testing
@testable import FlowReports

/// CUPED for ratio metrics against GrowthBook's `RegressionAdjustedRatioStatistic` (its repository at commit
/// 8f1db4456915a8e7b7faf23d5632ca7219d2f469; gbstats 0.8.0 has none) on the experiments of
/// `Reference/generate_cuped_ratio_vectors.py`: θ, each arm's adjusted and unadjusted ratio and variance, and the
/// absolute difference with its standard error, to 1e-9 relative (the estimates relative to the larger of themselves
/// and their standard error).
@Suite("CUPED for ratios agrees with GrowthBook's RegressionAdjustedRatioStatistic")
struct CupedRatioReferenceTests {
    struct Vectors: Decodable {
        struct Sums: Decodable {
            let n: Int
            let sums, sumsOfSquares, sumsOfProducts: [Double]
            let binary: [Bool]

            var statistic: RegressionAdjustedRatioArmStatistic {
                RegressionAdjustedRatioArmStatistic(
                    count: n,
                    sums: (0..<4).map { RatioArmStatistic.Component(sum: sums[$0], sumOfSquares: sumsOfSquares[$0], isBinary: binary[$0]) },
                    sumsOfProducts: sumsOfProducts.map { ExactBinaryNumber($0) }
                )
            }
        }

        struct Arm: Decodable {
            let estimate, unadjustedEstimate, variance: Double
        }

        struct Difference: Decodable {
            let estimate, standardError: Double
        }

        struct Expected: Decodable {
            let theta: Double
            let control, treatment: Arm
            let absolute: Difference
        }

        struct Case: Decodable {
            let name: String
            let control, treatment: Sums
            let expected: Expected
        }

        let gbstats: String
        let cases: [Case]
    }

    static let tolerance = 1e-9

    @Test("θ, the adjusted arms and the absolute difference of every generated experiment")
    func everyCase() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources/cuped-ratio-vectors.json")
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
        #expect(vectors.gbstats == "growthbook/growthbook@8f1db4456915a8e7b7faf23d5632ca7219d2f469")
        #expect(vectors.cases.count >= 60)
        var ledger = DeviationLedger()
        var fallbacks = 0
        for item in vectors.cases {
            let (treatment, control) = (item.treatment.statistic, item.control.statistic)
            let arms = RegressionAdjustedRatioArms(treatment: treatment, control: control)
            let expected = item.expected
            if expected.theta == 0 {
                fallbacks += 1
                #expect(arms.theta == 0, "\(item.name)")
            } else {
                #expect(ledger.record("theta", DeviationLedger.relative(arms.theta, expected.theta)) <= Self.tolerance, "\(item.name)")
            }
            for (arm, reference) in [(arms.control, expected.control), (arms.treatment, expected.treatment)] {
                let spread = (reference.variance / Double(arm.count)).squareRoot()
                #expect(ledger.record("arm estimate", CupedReferenceTests.inSpreads(arm.estimate ?? .nan, reference.estimate, spread)) <= Self.tolerance,
                        "\(item.name)")
                #expect(ledger.record("arm unadjusted estimate", DeviationLedger.relative(arm.unadjustedEstimate ?? .nan, reference.unadjustedEstimate))
                    <= Self.tolerance, "\(item.name)")
                #expect(ledger.record("arm variance", DeviationLedger.relative(arm.unitVariance, reference.variance)) <= Self.tolerance, "\(item.name)")
            }
            let comparison = MetricComparison(treatment: treatment, control: control, settings: ComparisonSettings())
            let absolute = try #require(comparison.absolute, "\(item.name)")
            #expect(ledger.record("absolute difference", CupedReferenceTests.inSpreads(absolute.estimate, expected.absolute.estimate,
                                                                                        expected.absolute.standardError)) <= Self.tolerance, "\(item.name)")
            #expect(ledger.record("standard error", DeviationLedger.relative(absolute.standardError ?? .nan, expected.absolute.standardError))
                <= Self.tolerance, "\(item.name)")
        }
        #expect(fallbacks >= 2)
        print("CUPED ratios against GrowthBook: \(vectors.cases.count) experiments (\(fallbacks) with θ = 0); worst deviation:\n\(ledger.summary)")
    }
}
