import Foundation
import Testing
@testable import FlowReports

@Suite("Metric comparisons at the edges: every undefined case is stated, none traps or yields NaN")
struct MetricComparisonEdgeTests {
    private let settings = ComparisonSettings()

    private func expectNoNaN(_ comparison: MetricComparison) {
        for effect in [comparison.absolute, comparison.relative].compactMap({ $0 }) {
            #expect(!effect.estimate.isNaN)
            #expect(!(effect.interval?.lower.isNaN ?? false) && !(effect.interval?.upper.isNaN ?? false))
            #expect(!(effect.pValue?.isNaN ?? false))
        }
        #expect(!comparison.pValue.isNaN)
    }

    @Test("an empty arm leaves nothing to compare: no estimate, no difference, p = 1, said as empty_arm")
    func emptyArm() {
        let comparison = MetricComparison(
            treatment: MeanArmStatistic(values: [1, 2, 3]), control: MeanArmStatistic(values: []), settings: settings
        )
        #expect(comparison.controlEstimate == nil && comparison.absolute == nil && comparison.relative == nil)
        #expect(comparison.limitation == .emptyArm && comparison.pValue == 1)
        let quantile = MetricComparison(
            treatment: QuantileArmStatistic(values: [], level: 0.9), control: QuantileArmStatistic(values: [4, 5], level: 0.9),
            settings: settings
        )
        #expect(quantile.limitation == .emptyArm && quantile.treatmentEstimate == nil)
        let proportion = MetricComparison(
            treatment: ProportionArmStatistic(users: 0, successes: 0), control: ProportionArmStatistic(users: 10, successes: 3),
            settings: ComparisonSettings(method: .sequential)
        )
        #expect(proportion.limitation == .emptyArm && proportion.absolute == nil)
    }

    @Test("one user, or two arms whose values never vary, give the difference without an interval or p-value (no_variance)")
    func noVariance() {
        let single = MetricComparison(treatment: MeanArmStatistic(values: [7]), control: MeanArmStatistic(values: [1, 2, 4]), settings: settings)
        #expect(single.limitation == .noVariance)
        #expect(single.absolute?.estimate == 7 - 7.0 / 3 && single.absolute?.interval == nil && single.pValue == 1)
        #expect(single.relative?.estimate == (7 - 7.0 / 3) / (7.0 / 3))
        expectNoNaN(single)
        let allConverted = MetricComparison(
            treatment: ProportionArmStatistic(users: 40, successes: 40), control: ProportionArmStatistic(users: 40, successes: 0),
            settings: settings
        )
        #expect(allConverted.limitation == .noVariance && allConverted.absolute?.estimate == 1)
        let constant = MetricComparison(treatment: MeanArmStatistic(values: [2, 2, 2]), control: MeanArmStatistic(values: [2, 2]), settings: settings)
        #expect(constant.limitation == .noVariance && constant.absolute?.estimate == 0)
    }

    @Test("one arm whose values never vary is still tested from the other's variance, as Welch's test does (gbstats declines)")
    func oneArmWithoutVariance() throws {
        let treatment = Array(repeating: 2.0, count: 40)
        let control = (0..<40).map { Double($0 % 4) * 0.1 }
        let comparison = MetricComparison(
            treatment: MeanArmStatistic(values: treatment), control: MeanArmStatistic(values: control), settings: settings
        )
        #expect(comparison.limitation == nil)
        let reference = WelchTest(treatment: SampleSummary(treatment), control: SampleSummary(control), alpha: 0.05)
        let absolute = try #require(comparison.absolute)
        #expect(abs((absolute.pValue ?? 1) - reference.pValue) < 1e-12)
        #expect(abs((absolute.interval?.lower ?? 0) - reference.interval.lower) < 1e-12)
    }

    @Test("control at 0: the absolute difference is tested, the relative one is undefined (control_estimate_zero)")
    func controlZero() throws {
        let comparison = MetricComparison(
            treatment: MeanArmStatistic(values: [0, 1, 2, 0, 3]), control: MeanArmStatistic(values: [1, -1, 0, 2, -2]), settings: settings
        )
        #expect(comparison.controlEstimate == 0 && comparison.relative == nil)
        #expect(comparison.limitation == nil && comparison.relativeLimitation == .controlEstimateZero)
        let absolute = try #require(comparison.absolute)
        #expect(absolute.estimate == 1.2 && absolute.interval != nil && absolute.pValue != nil)
        expectNoNaN(comparison)
    }

    @Test("a ratio whose denominator sums to 0 is undefined, said as ratio_denominator_zero")
    func ratioDenominatorZero() {
        var control = RatioArmStatistic()
        control.add(numerator: 0, denominator: 0)
        control.add(numerator: 0, denominator: 0)
        var treatment = RatioArmStatistic()
        for (numerator, denominator) in [(3.0, 1.0), (4, 2), (0, 1)] { treatment.add(numerator: numerator, denominator: denominator) }
        let comparison = MetricComparison(treatment: treatment, control: control, settings: settings)
        #expect(control.estimate == nil && control.unitVariance == 0)
        #expect(comparison.limitation == .ratioDenominatorZero && comparison.absolute == nil && comparison.pValue == 1)
        #expect(treatment.estimate == 7.0 / 4)
    }

    @Test("a ratio's variance is the delta method's on the per-user moments, covariance included")
    func ratioDeltaMethod() {
        let pairs: [(Double, Double)] = [(12.5, 2), (0, 1), (30, 4), (8, 1), (0, 3), (19.99, 2)]
        var ratio = RatioArmStatistic()
        for (numerator, denominator) in pairs { ratio.add(numerator: numerator, denominator: denominator) }
        // Two-pass moments, independently of the sums the type keeps.
        let n = Double(pairs.count)
        let mM = pairs.map(\.0).reduce(0, +) / n
        let mD = pairs.map(\.1).reduce(0, +) / n
        let vM = pairs.map { ($0.0 - mM) * ($0.0 - mM) }.reduce(0, +) / (n - 1)
        let vD = pairs.map { ($0.1 - mD) * ($0.1 - mD) }.reduce(0, +) / (n - 1)
        let cMD = pairs.map { ($0.0 - mM) * ($0.1 - mD) }.reduce(0, +) / (n - 1)
        let delta = vM / (mD * mD) - 2 * cMD * mM / (mD * mD * mD) + mM * mM * vD / (mD * mD * mD * mD)
        #expect(abs(ratio.unitVariance - delta) <= 1e-12 * delta)
        #expect(abs(ratio.covariance - cMD) <= 1e-12 * abs(cMD))
        // Leaving the covariance out would give a different (here larger) variance.
        #expect(abs(vM / (mD * mD) + mM * mM * vD / (mD * mD * mD * mD) - delta) > 1e-3 * delta)
    }

    @Test("quantiles: too few values for the level, a level outside (0, 1), or no spread below 1,000 values are stated")
    func quantileLimits() {
        let fifty = (1...50).map(Double.init)
        #expect(QuantileArmStatistic(values: fifty, level: 0.99).limitation == .tooFewValuesForQuantile)  // needs > 380
        #expect(QuantileArmStatistic(values: fifty, level: 0.01).limitation == .tooFewValuesForQuantile)
        #expect(QuantileArmStatistic(values: fifty, level: 0.5).limitation == nil)
        for level in [0, 1, -0.5, 2, Double.nan] {
            let statistic = QuantileArmStatistic(values: fifty, level: level)
            #expect(statistic.limitation == .tooFewValuesForQuantile)
            let comparison = MetricComparison(treatment: statistic, control: statistic, settings: settings)
            expectNoNaN(comparison)
            #expect(comparison.pValue == 1)
        }
        let flat = QuantileArmStatistic(values: Array(repeating: 4, count: 500), level: 0.5)
        #expect(flat.limitation == .noVariance && flat.unitVariance == 1e-5)
        let flatLarge = QuantileArmStatistic(values: Array(repeating: 4, count: 1500), level: 0.5)
        #expect(flatLarge.limitation == nil && flatLarge.unitVariance == 1e-5)
    }

    @Test("nearest rank: the smallest value with at least the level at or below it, decimal levels taken as written")
    func nearestRank() {
        let ten = (1...10).map(Double.init)
        #expect(NearestRankQuantile.value(level: 0.7, ofSorted: ten) == 7)  // 0.7 * 10 is 7.000000000000001 in binary
        #expect(NearestRankQuantile.value(level: 0.5, ofSorted: ten) == 5)  // the lower middle value
        #expect(NearestRankQuantile.value(level: 0.51, ofSorted: ten) == 6)
        #expect(NearestRankQuantile.value(level: 1, ofSorted: ten) == 10)
        #expect(NearestRankQuantile.value(level: 0, ofSorted: ten) == 1)
        #expect(NearestRankQuantile.value(level: 0.5, ofSorted: []) == nil)
        let statistic = QuantileArmStatistic(values: ten.reversed(), level: 0.9)
        #expect(statistic.estimate == 9 && statistic.nStar == 100)
        // n* = 100: levels 0.9 ∓ 1.96·√(0.09/100) = 0.8412 and 0.9588: ranks 9 and 10.
        #expect(statistic.lowerBound == 9 && statistic.upperBound == 10)
    }

    @Test("n* is the largest of GrowthBook's grid below n, 100 at or below 100")
    func nStar() {
        #expect(QuantileArmStatistic.nStar(forCount: 0) == 100)
        #expect(QuantileArmStatistic.nStar(forCount: 100) == 100)
        #expect(QuantileArmStatistic.nStar(forCount: 101) == 100)
        #expect(QuantileArmStatistic.nStar(forCount: 200) == 100)
        #expect(QuantileArmStatistic.nStar(forCount: 201) == 200)
        #expect(QuantileArmStatistic.nStar(forCount: 800) == 400)
        #expect(QuantileArmStatistic.nStar(forCount: 1_000_000_000) == 52_428_800)
        let levels = QuantileArmStatistic.boundLevels(level: 0.999_999_999, nStar: 100)
        #expect(levels.upper == 0.99999999 && levels.lower > 0)
    }

    @Test("caps: PERCENTILE_CONT over every arm's users pooled, optionally of the non-zero values, or an absolute value")
    func caps() {
        #expect(MetricCap.percentile(0.5, ignoringZeros: false).thresholds(pooledValues: [4, 1, 3, 2])?.upper == 2.5)
        // Position 9 · 0.9 = 8.1: a tenth of the step from 0 to 50 (to rounding, as in SQL and numpy).
        let ninetieth = MetricCap.percentile(0.9, ignoringZeros: false).thresholds(pooledValues: [0, 0, 0, 0, 0, 0, 0, 0, 0, 50])?.upper
        #expect(abs((ninetieth ?? 0) - 5) < 1e-12)
        #expect(MetricCap.percentile(0.5, ignoringZeros: true).thresholds(pooledValues: [0, 0, 0, 10, 20])?.upper == 15)
        #expect(MetricCap.percentile(1, ignoringZeros: false).thresholds(pooledValues: [3, 9, 1])?.upper == 9)
        #expect(MetricCap.percentile(0.99, ignoringZeros: true).thresholds(pooledValues: [0, 0])?.upper == nil)
        #expect(MetricCap.percentile(0.99, ignoringZeros: false).thresholds(pooledValues: [])?.upper == nil)
        #expect(MetricCap.absolute(100).thresholds(pooledValues: [1, 500])?.upper == 100)
        let upper = MetricCap.Thresholds(lower: nil, upper: 100)
        #expect(upper.apply(to: 250) == 100 && upper.apply(to: -3) == -3 && MetricCap.Thresholds(lower: nil, upper: nil).apply(to: 250) == 250)
        for invalid in [MetricCap.percentile(0, ignoringZeros: false), .percentile(1.5, ignoringZeros: true),
                        .percentile(.nan, ignoringZeros: false), .absolute(.infinity)] {
            #expect(invalid.problem != nil && invalid.thresholds(pooledValues: [1, 2, 3])?.upper == nil)
        }
        #expect(MetricCap.percentile(0.99, ignoringZeros: true).problem == nil)
    }

    @Test("sequential intervals are wider than fixed-horizon ones and their p-value is below alpha exactly when they exclude 0")
    func sequentialIsWider() throws {
        var control = MeanArmStatistic(values: [])
        var treatment = MeanArmStatistic(values: [])
        for index in 0..<3000 {
            control.add(Double(index % 7))
            treatment.add(Double(index % 7) + (index % 3 == 0 ? 0.4 : 0))
        }
        let fixed = MetricComparison(treatment: treatment, control: control, settings: settings)
        let sequential = MetricComparison(treatment: treatment, control: control, settings: ComparisonSettings(method: .sequential))
        let fixedInterval = try #require(fixed.absolute?.interval)
        let sequentialInterval = try #require(sequential.absolute?.interval)
        #expect(sequentialInterval.lower < fixedInterval.lower && sequentialInterval.upper > fixedInterval.upper)
        #expect(sequential.degreesOfFreedom == nil && fixed.degreesOfFreedom != nil)
        let excludesZero = sequentialInterval.lower > 0 || sequentialInterval.upper < 0
        #expect(excludesZero == (sequential.pValue < 0.05))
        let relative = try #require(sequential.relative?.interval)
        #expect(relative.lower < relative.upper)
    }

    @Test("values too large to square give the estimate without inference instead of NaN")
    func overflow() {
        let huge = MeanArmStatistic(values: [1e200, -1e200, 1e200])
        let other = MeanArmStatistic(values: [1, 2, 3])
        let comparison = MetricComparison(treatment: huge, control: other, settings: settings)
        expectNoNaN(comparison)
        #expect(comparison.absolute != nil)
    }
}
