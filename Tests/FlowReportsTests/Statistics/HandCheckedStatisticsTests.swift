import Foundation
import Testing
@testable import FlowReports

/// Small cases whose values follow from the formulas by hand (or from textbook constants).
@Suite("Hand-checked statistics")
struct HandCheckedStatisticsTests {
    @Test("Φ(0) is ½ and the 97.5% quantile is the familiar 1.959964")
    func normalLandmarks() {
        #expect(NormalDistribution.cdf(0) == 0.5)
        #expect(NormalDistribution.quantile(0.5) == 0)
        #expect(abs(NormalDistribution.quantile(0.975) - 1.959_963_984_540_054) < 1e-15)
        #expect(abs(NormalDistribution.cdf(1.959_963_984_540_054) - 0.975) < 1e-15)
        #expect(NormalDistribution.quantile(0) == -.infinity)
        #expect(NormalDistribution.quantile(1) == .infinity)
    }

    @Test("χ² with 2 degrees of freedom has survival e^(−x/2); with 1 it is 0.05 at 3.841459")
    func chiSquareLandmarks() {
        for x in [0.1, 1.0, 7.5, 40.0, 900.0] {
            let expected = exp(-x / 2)
            #expect(abs(ChiSquareDistribution.survival(x: x, degreesOfFreedom: 2) - expected) <= 1e-13 * expected)
        }
        #expect(abs(ChiSquareDistribution.survival(x: 3.841_458_820_694_124, degreesOfFreedom: 1) - 0.05) < 1e-14)
    }

    @Test("I_x(a, 1) = xᵃ and I_x(1, 1) = x")
    func incompleteBetaLandmarks() {
        for x in [0.01, 0.3, 0.77] {
            #expect(abs(BetaFunction.regularizedIncomplete(x: x, a: 1, b: 1) - x) < 1e-15)
            #expect(abs(BetaFunction.regularizedIncomplete(x: x, a: 3.5, b: 1) - pow(x, 3.5)) < 1e-14)
        }
    }

    @Test("100/1000 vs 130/1000: +3.0 pp, Newcombe CI 0.2 to 5.8 pp, pooled z = 2.1027, p = 0.0355")
    func twoProportionExample() {
        let control = ArmCounts(users: 1000, conversions: 100)
        let treatment = ArmCounts(users: 1000, conversions: 130)
        let difference = AbsoluteDifference(treatment: treatment, control: control, alpha: 0.05)
        #expect(abs(difference.estimate - 0.03) < 1e-15)
        // Wilson bounds of each rate, then Newcombe's square-root combination, written out.
        let z = 1.959_963_984_540_054
        func wilson(_ p: Double, _ n: Double) -> (lower: Double, upper: Double) {
            let center = (p + z * z / (2 * n)) / (1 + z * z / n)
            let half = z * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot() / (1 + z * z / n)
            return (center - half, center + half)
        }
        let (treatmentWilson, controlWilson) = (wilson(0.13, 1000), wilson(0.1, 1000))
        let lower = 0.03 - ((0.13 - treatmentWilson.lower) * (0.13 - treatmentWilson.lower)
            + (controlWilson.upper - 0.1) * (controlWilson.upper - 0.1)).squareRoot()
        let upper = 0.03 + ((treatmentWilson.upper - 0.13) * (treatmentWilson.upper - 0.13)
            + (0.1 - controlWilson.lower) * (0.1 - controlWilson.lower)).squareRoot()
        #expect(abs(difference.interval.lower - lower) < 1e-15)
        #expect(abs(difference.interval.upper - upper) < 1e-15)
        // statsmodels confint_proportions_2indep(130, 1000, 100, 1000, method="newcomb")
        #expect(abs(difference.interval.lower - 0.002_002_348_715_283_007_5) < 1e-12)
        #expect(abs(difference.interval.upper - 0.058_070_485_022_202_85) < 1e-12)
        let test = PooledZTest(treatment: treatment, control: control)
        #expect(abs(test.zScore - 0.03 / 0.000_203_55.squareRoot()) < 1e-12)
        #expect(abs(test.pValue - 0.035_488_450_466_474_71) < 1e-12)
    }

    @Test("the uplift of 13% over 10% is +30%, with Katz's log interval written out")
    func relativeUpliftExample() throws {
        let uplift = try #require(
            RelativeUplift(
                treatment: ArmCounts(users: 1000, conversions: 130), control: ArmCounts(users: 1000, conversions: 100),
                alpha: 0.05
            )
        )
        #expect(abs(uplift.estimate - 0.3) < 1e-15)
        let interval = try #require(uplift.interval)
        let halfWidth = 1.959_963_984_540_054 * (1.0 / 130 - 1.0 / 1000 + 1.0 / 100 - 1.0 / 1000).squareRoot()
        #expect(abs(interval.lower - (exp(log(1.3) - halfWidth) - 1)) < 1e-12)
        #expect(abs(interval.upper - (exp(log(1.3) + halfWidth) - 1)) < 1e-12)
        // statsmodels confint_proportions_2indep(130, 1000, 100, 1000, method="log", compare="ratio"), minus 1
        #expect(abs(interval.lower - 0.016_984_270_971_045_5) < 1e-12)
        #expect(abs(interval.upper - 0.661_775_947_022_602_3) < 1e-12)
    }

    @Test("chance to beat control: identical arms give ½, one conversion of one user against nothing gives ⅔")
    func chanceLandmarks() {
        let same = ArmCounts(users: 400, conversions: 37)
        #expect(abs(ChanceToBeatControl.probability(treatment: same, control: same) - 0.5) < 1e-12)
        // Beta(2, 1) against Beta(1, 1): ∫₀¹ 2t · t dt = 2/3.
        let one = ChanceToBeatControl.probability(
            treatment: ArmCounts(users: 1, conversions: 1), control: ArmCounts(users: 0, conversions: 0)
        )
        #expect(abs(one - 2.0 / 3.0) < 1e-15)
    }

    @Test("Holm multiplies the k-th smallest p by (m − k + 1) and keeps the sequence monotone")
    func holmExample() {
        let adjusted = HolmCorrection.adjust([0.01, 0.04, 0.03])
        #expect(abs(adjusted[0] - 0.03) < 1e-15)
        #expect(abs(adjusted[1] - 0.06) < 1e-15)
        #expect(abs(adjusted[2] - 0.06) < 1e-15)
        #expect(HolmCorrection.adjust([0.6, 0.9]) == [1, 1])
        #expect(HolmCorrection.adjust([]) == [])
    }

    @Test("the required sample size reaches exactly the target power, and the MDE sits exactly on it")
    func powerRoundTrip() throws {
        let controlRate = 0.10
        let treatmentRate = 0.11
        let needed = try #require(
            PowerAnalysis.requiredControlUsers(
                controlRate: controlRate, treatmentRate: treatmentRate, controlUsers: 1000, treatmentUsers: 1000,
                alpha: 0.05, power: 0.8
            )
        )
        // statsmodels NormalIndPower().solve_power(proportion_effectsize(0.11, 0.10), alpha=0.05, power=0.8) ≈ 14744.10
        #expect(abs(needed - 14_744.104_836_9) < 1e-4)
        let h = PowerAnalysis.cohensH(treatmentRate, controlRate)
        #expect(abs(PowerAnalysis.power(effectSize: h, effectiveSampleSize: needed / 2, alpha: 0.05) - 0.8) < 1e-12)

        let mde = try #require(
            PowerAnalysis.minimumDetectableEffect(
                controlRate: controlRate, controlUsers: 5000, treatmentUsers: 5000, alpha: 0.05, power: 0.8
            )
        )
        let detectable = PowerAnalysis.cohensH(controlRate + mde, controlRate)
        #expect(abs(PowerAnalysis.power(effectSize: detectable, effectiveSampleSize: 2500, alpha: 0.05) - 0.8) < 1e-12)
    }

    @Test("a 50/50 split of 5,000 and 5,400 users is a sample-ratio mismatch: χ² = 15.38, p ≈ 8.8e-5")
    func sampleRatioExample() {
        let check = SampleRatioCheck.test(observed: [5000, 5400], weights: [1, 1])
        // Expected 5,200 each: χ² = 2 · 200² / 5,200.
        #expect(abs(check.chiSquare - 2 * 40_000.0 / 5_200) < 1e-12)
        #expect(check.degreesOfFreedom == 1)
        #expect(abs(check.pValue - erfc((check.chiSquare / 2).squareRoot())) < 1e-15)
        #expect(check.isMismatch)
        #expect(!SampleRatioCheck.test(observed: [2000, 1000, 1000], weights: [2, 1, 1]).isMismatch)
    }
}
