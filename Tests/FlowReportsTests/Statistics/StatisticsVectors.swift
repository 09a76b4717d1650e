import Foundation
@testable import FlowReports

/// The scipy/statsmodels reference values written by `Reference/generate_statistics_vectors.py`.
struct StatisticsVectors: Decodable {
    struct NormalCDFCase: Decodable { let x, cdf, sf: Double }
    struct NormalQuantileCase: Decodable { let p, x: Double }
    struct ChiSquareCase: Decodable { let x: Double; let degreesOfFreedom: Int; let survival: Double }
    struct IncompleteGammaCase: Decodable { let a, x, lower, upper: Double }
    struct IncompleteBetaCase: Decodable { let x, a, b, value: Double }
    struct LogBetaCase: Decodable { let a, b, value: Double }
    struct ChanceCase: Decodable {
        let treatment, control: ArmCounts
        let probability: Double
        let method: ChanceToBeatControl.Method
    }
    struct HolmCase: Decodable { let pValues, adjusted: [Double] }
    struct ExperimentCase: Decodable {
        struct Comparison: Decodable {
            let difference, intervalLower, intervalUpper: Double
            let relativeUplift, relativeLower, relativeUpper: Double?
            let zScore, pValue, adjustedPValue: Double
            let zTestUndefinedInStatsmodels, isSignificant: Bool
            let chanceToBeatControl, cohensH: Double
            let requiredControlUsers, requiredControlUsersStatsmodels: Double?
            let minimumDetectableEffect, minimumDetectableEffectStatsmodels: Double?
        }
        struct SampleRatio: Decodable {
            let chiSquare: Double
            let degreesOfFreedom: Int
            let pValue: Double
            let isMismatch: Bool
        }
        let name: String
        let alpha, power: Double
        let control: ArmCounts
        let treatments: [ArmCounts]
        let weights: [Double]?
        let comparisons: [Comparison]
        let sampleRatio: SampleRatio?
    }

    let normalCDF: [NormalCDFCase]
    let normalQuantile: [NormalQuantileCase]
    let chiSquareSurvival: [ChiSquareCase]
    let incompleteGamma: [IncompleteGammaCase]
    let incompleteBeta: [IncompleteBetaCase]
    let logBeta: [LogBetaCase]
    let chanceToBeatControl: [ChanceCase]
    let holm: [HolmCase]
    let experiments: [ExperimentCase]

    /// Reads `Resources/statistics-vectors.json` next to this file.
    static func load(filePath: String = #filePath) throws -> StatisticsVectors {
        let url = URL(fileURLWithPath: filePath)
            .deletingLastPathComponent()
            .appendingPathComponent("Resources/statistics-vectors.json")
        return try JSONDecoder().decode(StatisticsVectors.self, from: Data(contentsOf: url))
    }
}
