import Foundation
@testable import FlowReports

/// The gbstats 0.8.0 Bayesian reference values written by `Reference/generate_bayesian_vectors.py`.
struct BayesianVectors: Decodable {
    /// gbstats' numbers of one result.
    struct Numbers: Decodable {
        let mean, standardDeviation, lower, upper, chanceToWin, riskControl, riskTreatment: Double
        let riskType: String
    }

    /// The chance to win and risks of gbstats' posterior, computed with mpmath to 40 digits.
    struct Exact: Decodable {
        let chanceToWin, riskControl, riskTreatment: Double
    }

    /// A proper prior on the relative scale.
    struct Prior: Decodable {
        let mean, stddev: Double
    }

    /// One `EffectBayesianABTest` of an experiment: its settings and what gbstats gave.
    struct Result: Decodable {
        let difference: String
        let alpha: Double
        let inverse: Bool
        let prior: Prior?
        /// gbstats' error message, or `ZeroDivisionError` where it raises one; nil when it gave a result.
        let gbstatsMessage: String?
        let expected: Numbers?
        let exact: Exact?
        /// Whether `expected` comes from gbstats' own formulas because `EffectBayesianABTest` raised.
        let fromFormulas: Bool?
    }

    struct Case: Decodable {
        let name, kind: String
        let level: Double?
        let control, treatment: GbstatsVectors.Sums
        let controlStatistic, treatmentStatistic: GbstatsVectors.ArmStatistic
        let results: [Result]
    }

    let gbstats: String
    let cases: [Case]

    /// Reads `Resources/gbstats-bayesian-vectors.json` next to this file.
    static func load(filePath: String = #filePath) throws -> BayesianVectors {
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/gbstats-bayesian-vectors.json")
        return try JSONDecoder().decode(BayesianVectors.self, from: Data(contentsOf: url))
    }
}
