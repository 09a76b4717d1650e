import Foundation
import Testing
@testable import FlowReports

/// CUPED's arithmetic on small hand-checked arms: θ pooled over both arms, the fallback without covariate variance,
/// the relative difference over control's unadjusted mean, and magnitudes beyond gbstats' range.
@Suite("CUPED adjusts each arm by the slope pooled over both")
struct CupedStatisticsTests {
    static let controlPairs: [(value: Double, covariate: Double)] = [(1, 1), (2, 1), (3, 2), (4, 3), (2, 0), (5, 4)]
    static let treatmentPairs: [(value: Double, covariate: Double)] = [(2, 1), (4, 2), (5, 2), (7, 4), (3, 0), (6, 3), (4, 2)]

    static func statistic(_ pairs: [(value: Double, covariate: Double)], scaledBy factor: Double = 1) -> RegressionAdjustedArmStatistic {
        var statistic = RegressionAdjustedArmStatistic()
        for pair in pairs { statistic.add(value: pair.value * factor, covariate: pair.covariate * factor) }
        return statistic
    }

    static func mean(_ values: [Double]) -> Double {
        values.reduce(0, +) / Double(values.count)
    }

    /// Two-pass sample covariance.
    static func covariance(_ first: [Double], _ second: [Double]) -> Double {
        let (firstMean, secondMean) = (mean(first), mean(second))
        return zip(first, second).map { ($0 - firstMean) * ($1 - secondMean) }.reduce(0, +) / Double(first.count - 1)
    }

    @Test("θ is cov(x, x_pre) / var(x_pre) over both arms' users together, and each arm's estimate and variance follow")
    func pooledSlope() throws {
        let pooled = Self.controlPairs + Self.treatmentPairs
        let values = pooled.map(\.value), covariates = pooled.map(\.covariate)
        let theta = Self.covariance(values, covariates) / Self.covariance(covariates, covariates)
        let arms = RegressionAdjustedArms(treatment: Self.statistic(Self.treatmentPairs), control: Self.statistic(Self.controlPairs))
        #expect(abs(arms.slope.theta - theta) <= 1e-14 * theta)
        for (arm, pairs) in [(arms.control, Self.controlPairs), (arms.treatment, Self.treatmentPairs)] {
            // The adjusted values x − θ·x_pre: their mean and sample variance are the arm's.
            let adjusted = pairs.map { $0.value - theta * $0.covariate }
            let estimate = try #require(arm.estimate)
            #expect(abs(estimate - Self.mean(adjusted)) <= 1e-14)
            #expect(abs(arm.unitVariance - Self.covariance(adjusted, adjusted)) <= 1e-13)
            #expect(arm.unadjustedEstimate == Self.mean(pairs.map(\.value)))
        }
        let ratio = try #require(arms.varianceRatio)
        #expect(ratio < 0.5, "a covariate this correlated halves the variance at least: \(ratio)")
    }

    @Test("the relative difference is the adjusted difference over control's unadjusted mean, its variance from the unadjusted means")
    func relativeOverUnadjustedControl() throws {
        let arms = RegressionAdjustedArms(treatment: Self.statistic(Self.treatmentPairs), control: Self.statistic(Self.controlPairs))
        let comparison = MetricComparison(treatment: Self.statistic(Self.treatmentPairs), control: Self.statistic(Self.controlPairs),
                                          settings: ComparisonSettings())
        let (treatmentMean, controlMean) = (try #require(arms.treatment.estimate), try #require(arms.control.estimate))
        let (treatmentRaw, controlRaw) = (Self.mean(Self.treatmentPairs.map(\.value)), Self.mean(Self.controlPairs.map(\.value)))
        let relative = try #require(comparison.relative)
        #expect(abs(relative.estimate - (treatmentMean - controlMean) / controlRaw) <= 1e-14)
        let variance = arms.treatment.unitVariance / (controlRaw * controlRaw * 7)
            + arms.control.unitVariance * treatmentRaw * treatmentRaw / (pow(controlRaw, 4) * 6)
        #expect(abs(try #require(relative.standardError) - variance.squareRoot()) <= 1e-14)
        #expect(comparison.controlEstimate == controlMean)
    }

    @Test("a covariate without variance (no user with history) gives θ = 0 and the metric's own comparison, frequentist and Bayesian")
    func noCovariateVariance() {
        let control = Self.controlPairs.map { (value: $0.value, covariate: 0.0) }
        let treatment = Self.treatmentPairs.map { (value: $0.value, covariate: 0.0) }
        let arms = RegressionAdjustedArms(treatment: Self.statistic(treatment), control: Self.statistic(control))
        #expect(arms.slope.isZero)
        #expect(arms.varianceRatio == 1)
        let settings = ComparisonSettings(alpha: 0.05)
        let plainTreatment = MeanArmStatistic(values: treatment.map(\.value))
        let plainControl = MeanArmStatistic(values: control.map(\.value))
        #expect(MetricComparison(treatment: Self.statistic(treatment), control: Self.statistic(control), settings: settings)
            == MetricComparison(treatment: plainTreatment, control: plainControl, settings: settings))
        #expect(BayesianComparison(treatment: Self.statistic(treatment), control: Self.statistic(control), settings: BayesianSettings())
            == BayesianComparison(treatment: plainTreatment, control: plainControl, settings: BayesianSettings()))
    }

    @Test("a proportion whose covariate is the same proportion before exposure: p(1 − p) variances, θ from the pooled counts")
    func proportion() throws {
        var control = RegressionAdjustedArmStatistic(isBinary: true)
        var treatment = RegressionAdjustedArmStatistic(isBinary: true)
        // (converted, converted before) counts: control 40/10/10/40, treatment 50/10/5/35.
        for (arm, counts) in [(0, [40, 10, 10, 40]), (1, [50, 10, 5, 35])] {
            for (index, count) in counts.enumerated() {
                for _ in 0..<count {
                    let pair = (value: Double(index < 2 ? 1 : 0), covariate: Double(index % 2 == 0 ? 1 : 0))
                    if arm == 0 { control.add(value: pair.value, covariate: pair.covariate) } else { treatment.add(value: pair.value, covariate: pair.covariate) }
                }
            }
        }
        // Pooled: n = 200, Σx = 110, Σx_pre = 105, Σx·x_pre = 90; cov = (90 − 110·105/200)/199, var_pre = 0.525·0.475.
        let theta = (90 - 110 * 105 / 200.0) / 199 / (0.525 * 0.475)
        let arms = RegressionAdjustedArms(treatment: treatment, control: control)
        #expect(abs(arms.slope.theta - theta) <= 1e-15)
        // Control: p = 0.5, p_pre = 0.5, cov = (40 − 50·50/100)/99.
        let variance = 0.25 + theta * theta * 0.25 - 2 * theta * (40 - 25.0) / 99
        #expect(abs(arms.control.unitVariance - variance) <= 1e-15)
        #expect(abs(try #require(arms.control.estimate) - (0.5 - theta * 0.5)) <= 1e-15)
    }

    @Test("values at 2⁶⁰⁰ times the hand-checked ones (beyond what gbstats can square) give results exactly 2⁶⁰⁰ times theirs")
    func extremeMagnitudes() throws {
        let factor = Double(sign: .plus, exponent: 600, significand: 1)
        let settings = ComparisonSettings()
        let small = MetricComparison(treatment: Self.statistic(Self.treatmentPairs), control: Self.statistic(Self.controlPairs), settings: settings)
        let large = MetricComparison(treatment: Self.statistic(Self.treatmentPairs, scaledBy: factor),
                                     control: Self.statistic(Self.controlPairs, scaledBy: factor), settings: settings)
        #expect(large.limitation == nil)
        let (smallEffect, largeEffect) = (try #require(small.absolute), try #require(large.absolute))
        #expect(largeEffect.estimate == smallEffect.estimate * factor)
        #expect(try #require(largeEffect.standardError) == (try #require(smallEffect.standardError)) * factor)
        #expect(largeEffect.pValue == smallEffect.pValue)
        #expect(large.relative == small.relative)
    }

    @Test("an arm without users leaves the comparison untested: empty arm")
    func emptyArm() {
        let comparison = MetricComparison(treatment: Self.statistic(Self.treatmentPairs), control: RegressionAdjustedArmStatistic(),
                                          settings: ComparisonSettings())
        #expect(comparison.limitation == .emptyArm)
        #expect(comparison.absolute == nil)
        let bayesian = BayesianComparison(treatment: Self.statistic(Self.treatmentPairs), control: RegressionAdjustedArmStatistic(),
                                          settings: BayesianSettings())
        #expect(bayesian.absolute.limitation == .emptyArm)
    }
}
