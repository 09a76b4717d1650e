import Foundation
@testable import FlowReports

/// The gbstats 0.8.0 CUPED reference values written by `Reference/generate_cuped_vectors.py`.
struct CupedVectors: Decodable {
    /// One arm's sums: the metric's, the covariate's and their cross-product.
    struct Sums: Decodable {
        let n: Int
        let sum, sumOfSquares, covariateSum, covariateSumOfSquares, sumOfProducts: Double
    }

    /// gbstats' adjusted mean, unadjusted mean and variance of one arm (θ applied).
    struct ArmStatistic: Decodable {
        let estimate, unadjustedEstimate, variance: Double
    }

    /// One frequentist difference, or the message gbstats declined with.
    struct Frequentist: Decodable {
        let method, difference: String
        let alpha: Double
        let tuningUsers: Double?
        let gbstatsMessage: String?
        let estimate, standardError, lower, upper, pValue, degreesOfFreedom, exactPValue: Double?
    }

    struct Prior: Decodable {
        let mean, stddev: Double
    }

    /// One Bayesian difference, or the message gbstats declined with.
    struct Bayesian: Decodable {
        let difference: String
        let prior: Prior?
        let alpha: Double
        let inverse: Bool
        let gbstatsMessage: String?
        let mean, standardDeviation, lower, upper, chanceToWin, riskControl, riskTreatment: Double?
    }

    struct Expected: Decodable {
        let theta: Double
        let control, treatment: ArmStatistic
        let frequentist: [Frequentist]
        let bayesian: [Bayesian]
    }

    struct Case: Decodable {
        let name, kind: String
        let metricIsBinary, covariateIsBinary: Bool
        let control, treatment: Sums
        let expected: Expected
    }

    let gbstats: String
    let cases: [Case]

    /// Reads `Resources/cuped-vectors.json` next to this file.
    static func load(filePath: String = #filePath) throws -> CupedVectors {
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Resources/cuped-vectors.json")
        return try JSONDecoder().decode(CupedVectors.self, from: Data(contentsOf: url))
    }
}

extension CupedVectors.Case {
    /// The arm statistic of `sums`, each side binary as the case says.
    func statistic(_ sums: CupedVectors.Sums) -> RegressionAdjustedArmStatistic {
        RegressionAdjustedArmStatistic(
            count: sums.n,
            metric: .init(sum: sums.sum, sumOfSquares: sums.sumOfSquares, isBinary: metricIsBinary),
            covariate: .init(sum: sums.covariateSum, sumOfSquares: sums.covariateSumOfSquares, isBinary: covariateIsBinary),
            sumOfProducts: sums.sumOfProducts
        )
    }
}
