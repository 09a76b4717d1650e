import Foundation
import Testing
@testable import FlowReports

@Suite("Guardrail and secondary metric statistics agree with scipy and statsmodels")
struct MetricReferenceTests {
    struct Vectors: Decodable {
        struct WelchCase: Decodable {
            let treatment, control: [Double]
            let alpha, t, pValue, degreesOfFreedom, lower, upper: Double
        }

        struct AdjustmentCase: Decodable {
            let pValues, adjusted: [Double]
        }

        let welch: [WelchCase]
        let benjaminiHochberg: [AdjustmentCase]
    }

    static func vectors(filePath: String = #filePath) throws -> Vectors {
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/metric-vectors.json")
        return try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
    }

    private static func relative(_ actual: Double, _ expected: Double) -> Double {
        abs(actual - expected) / max(abs(expected), 1e-300)
    }

    @Test("Welch's t, degrees of freedom, p-value and interval match scipy.stats.ttest_ind(equal_var=False) to 1e-9")
    func welch() throws {
        let cases = try Self.vectors().welch
        #expect(cases.count > 100)
        for item in cases {
            let test = WelchTest(treatment: SampleSummary(item.treatment), control: SampleSummary(item.control), alpha: item.alpha)
            #expect(Self.relative(test.t, item.t) < 1e-9, "t \(test.t) vs \(item.t)")
            #expect(Self.relative(test.degreesOfFreedom, item.degreesOfFreedom) < 1e-9)
            #expect(Self.relative(test.pValue, item.pValue) < 1e-9, "p \(test.pValue) vs \(item.pValue)")
            let scale = max(abs(item.lower), abs(item.upper))
            #expect(abs(test.interval.lower - item.lower) / scale < 1e-9, "lower \(test.interval.lower) vs \(item.lower)")
            #expect(abs(test.interval.upper - item.upper) / scale < 1e-9, "upper \(test.interval.upper) vs \(item.upper)")
        }
    }

    @Test("Benjamini-Hochberg adjusted p-values match statsmodels multipletests(method=\"fdr_bh\") to 1e-12")
    func benjaminiHochberg() throws {
        for item in try Self.vectors().benjaminiHochberg {
            let adjusted = BenjaminiHochbergCorrection.adjust(item.pValues)
            for (actual, expected) in zip(adjusted, item.adjusted) {
                #expect(abs(actual - expected) < 1e-12, "\(item.pValues)")
            }
        }
    }

    @Test("Welch at the edges: fewer than 2 values gives p = 1 and no bounds; no variance gives a certain answer")
    func welchEdges() {
        let single = WelchTest(treatment: SampleSummary([3]), control: SampleSummary([1, 2]), alpha: 0.05)
        #expect(single.pValue == 1 && !single.interval.lower.isFinite)
        let constant = WelchTest(treatment: SampleSummary([2, 2, 2]), control: SampleSummary([1, 1]), alpha: 0.05)
        #expect(constant.pValue == 0 && constant.interval == ConfidenceInterval(lower: 1, upper: 1))
        let same = WelchTest(treatment: SampleSummary([1, 1]), control: SampleSummary([1, 1, 1]), alpha: 0.05)
        #expect(same.pValue == 1)
    }
}
