import Foundation
import Testing
@testable import FlowReports

/// CUPED for ratios on small arms: without history it is the unadjusted ratio; an arm without history under a slope
/// has no estimate; the estimate and the 4×4 delta method against a direct computation.
@Suite("CUPED for ratios adjusts by the covariates' ratio")
struct CupedRatioStatisticsTests {
    /// (revenue, sessions, revenue before, sessions before) per user.
    static let control: [[Double]] = [[12, 2, 10, 2], [0, 1, 0, 1], [30, 3, 25, 4], [8, 1, 5, 1], [20, 2, 22, 3], [5, 1, 0, 1]]
    static let treatment: [[Double]] = [[15, 2, 12, 2], [4, 1, 0, 1], [33, 3, 30, 4], [9, 2, 6, 1], [25, 3, 20, 3], [0, 1, 2, 1], [14, 2, 9, 2]]

    static func statistic(_ users: [[Double]]) -> RegressionAdjustedRatioArmStatistic {
        var statistic = RegressionAdjustedRatioArmStatistic()
        for user in users { statistic.add(user) }
        return statistic
    }

    @Test("without history (covariates all 0) θ = 0 and the comparison is the unadjusted ratio's")
    func noHistory() {
        let strip = { (users: [[Double]]) in users.map { [$0[0], $0[1], 0, 0] } }
        let (treatment, control) = (Self.statistic(strip(Self.treatment)), Self.statistic(strip(Self.control)))
        let arms = RegressionAdjustedRatioArms(treatment: treatment, control: control)
        #expect(arms.theta == 0)
        let adjusted = MetricComparison(treatment: treatment, control: control, settings: ComparisonSettings())
        let plain = MetricComparison(treatment: treatment.unadjusted, control: control.unadjusted, settings: ComparisonSettings())
        #expect(adjusted.absolute?.estimate == plain.absolute?.estimate)
        let (adjustedError, plainError) = (adjusted.absolute?.standardError ?? .nan, plain.absolute?.standardError ?? .nan)
        #expect(abs(adjustedError - plainError) <= 1e-14 * plainError)
    }

    @Test("the estimate is m̄/d̄ − θ·m̄_pre/d̄_pre, and the variance the delta method's, against a direct two-pass computation")
    func deltaMethod() throws {
        let arms = RegressionAdjustedRatioArms(treatment: Self.statistic(Self.treatment), control: Self.statistic(Self.control))
        #expect(arms.theta != 0)
        let users = Self.control
        let n = Double(users.count)
        let means = (0..<4).map { column in users.map { $0[column] }.reduce(0, +) / n }
        func covariance(_ a: Int, _ b: Int) -> Double {
            users.map { ($0[a] - means[a]) * ($0[b] - means[b]) }.reduce(0, +) / (n - 1)
        }
        let theta = arms.theta
        let postTerms: [Double] = [1 / means[1], -means[0] / (means[1] * means[1])]
        let covariateTerms: [Double] = [-theta / means[3], theta * means[2] / (means[3] * means[3])]
        let gradient = postTerms + covariateTerms
        var variance = 0.0
        for a in 0..<4 { for b in 0..<4 { variance += gradient[a] * covariance(a, b) * gradient[b] } }
        let estimate: Double = means[0] / means[1] - theta * means[2] / means[3]
        #expect(abs(try #require(arms.control.estimate) - estimate) <= 1e-13)
        #expect(abs(arms.control.unitVariance - variance) <= 1e-12 * variance)
        let revenue: Double = Self.control.map { $0[0] }.reduce(0, +)
        let sessions: Double = Self.control.map { $0[1] }.reduce(0, +)
        #expect(arms.control.unadjustedEstimate == revenue / sessions)
    }

    @Test("an arm without history while the other has some: no estimate under the slope, ratio_denominator_zero")
    func armWithoutHistory() {
        let control = Self.statistic(Self.control.map { [$0[0], $0[1], 0, 0] })
        let comparison = MetricComparison(treatment: Self.statistic(Self.treatment), control: control, settings: ComparisonSettings())
        #expect(comparison.limitation == .ratioDenominatorZero)
        #expect(comparison.absolute == nil)
    }
}
