import Foundation
@testable import FlowReports

/// The gbstats 0.8.0 reference values written by `Reference/generate_gbstats_vectors.py`.
struct GbstatsVectors: Decodable {
    struct Cap: Decodable {
        let type: String
        let value: Double
        let ignoreZeros: Bool?

        var metricCap: MetricCap {
            type == "absolute" ? .absolute(value) : .percentile(value, ignoringZeros: ignoreZeros ?? false)
        }
    }

    /// One arm's per-user values: `values`, or `numerators` and `denominators` for a ratio.
    struct Arm: Decodable {
        let values, numerators, denominators: [Double]?
    }

    /// One side of a ratio's sums.
    struct Component: Decodable {
        let sum, sumOfSquares: Double
        let binary: Bool
    }

    /// One arm's sufficient statistics, with the fields of its kind.
    struct Sums: Decodable {
        let n: Int
        let sum, sumOfSquares: Double?
        let numerator, denominator: Component?
        let sumOfProducts: Double?
        let nStar: Int?
        let level, estimate, lower, upper: Double?
    }

    /// gbstats' mean and variance of one arm's statistic.
    struct ArmStatistic: Decodable {
        let estimate, variance: Double
    }

    /// One difference from gbstats; `exactPValue` (fixed horizon) is 2 · scipy's t.sf(|t|, dof).
    struct Effect: Decodable {
        let estimate, standardError, lower, upper, pValue: Double
        let exactPValue: Double?
    }

    struct Scipy: Decodable {
        let pValue, lower, upper, degreesOfFreedom: Double
    }

    struct Expected: Decodable {
        let capThreshold: Double?
        let control, treatment: Sums?
        let controlStatistic, treatmentStatistic: ArmStatistic
        let fixedAbsolute, fixedRelative, sequentialAbsolute, sequentialRelative: Effect?
        let gbstatsMessage: String?
        let degreesOfFreedom: Double?
        let scipy: Scipy?
    }

    struct ValueCase: Decodable {
        let name, kind: String
        let alpha, tuningUsers: Double
        let level: Double?
        let cap: Cap?
        let numeratorIsBinary: Bool?
        let control, treatment: Arm
        let expected: Expected
    }

    struct SummaryCase: Decodable {
        let name, kind: String
        let alpha, tuningUsers: Double
        let level: Double?
        let control, treatment: Sums
        let expected: Expected
    }

    let gbstats: String
    let nStarGrid: [Int]
    let valueCases: [ValueCase]
    let summaryCases: [SummaryCase]

    /// Reads `Resources/gbstats-vectors.json` next to this file.
    static func load(filePath: String = #filePath) throws -> GbstatsVectors {
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/gbstats-vectors.json")
        return try JSONDecoder().decode(GbstatsVectors.self, from: Data(contentsOf: url))
    }
}

extension GbstatsVectors.Sums {
    var proportion: ProportionArmStatistic {
        ProportionArmStatistic(users: n, successes: Int(sum ?? 0))
    }

    var mean: MeanArmStatistic {
        MeanArmStatistic(count: n, sum: sum ?? 0, sumOfSquares: sumOfSquares ?? 0)
    }

    var ratio: RatioArmStatistic {
        func component(_ side: GbstatsVectors.Component?) -> RatioArmStatistic.Component {
            RatioArmStatistic.Component(sum: side?.sum ?? 0, sumOfSquares: side?.sumOfSquares ?? 0, isBinary: side?.binary ?? false)
        }
        return RatioArmStatistic(count: n, numerator: component(numerator), denominator: component(denominator),
                                 sumOfProducts: sumOfProducts ?? 0)
    }

    var quantile: QuantileArmStatistic {
        QuantileArmStatistic(count: n, level: level ?? 0.5, estimate: estimate, nStar: nStar ?? 100,
                             lowerBound: lower ?? 0, upperBound: upper ?? 0)
    }
}
