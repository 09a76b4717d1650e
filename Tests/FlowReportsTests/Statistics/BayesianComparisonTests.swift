import Foundation
import Testing
@testable import FlowReports

/// An arm given by its numbers, as a warehouse or an extreme input could give them.
private struct GivenArm: MetricArmStatistic {
    var count: Int
    var estimate: Double?
    var unitVariance: Double
    var scaleExponent: Int { 0 }
    func estimate(scaledBy exponent: Int) -> Double? { estimate.map { $0 * Double(sign: .plus, exponent: -exponent, significand: 1) } }
    func unitVariance(scaledBy exponent: Int) -> Double { unitVariance * Double(sign: .plus, exponent: -2 * exponent, significand: 1) }
    var limitation: MetricComparisonLimitation? {
        if count == 0 || estimate == nil { return .emptyArm }
        return count > 1 && unitVariance > 0 ? nil : .noVariance
    }

    init(_ estimate: Double, variance: Double, count: Int) {
        self.count = count
        self.estimate = estimate
        unitVariance = variance
    }
}

@Suite("Bayesian results: what each number means, the priors, and every case without a result")
struct BayesianComparisonTests {
    private let improper = BayesianSettings()
    /// 1e-320, a subnormal double (a literal would warn of its lost precision).
    private let subnormalVariance = 1e-300 * 1e-20

    private func prior(_ mean: Double, _ standardDeviation: Double) throws -> BayesianSettings {
        BayesianSettings(prior: try BayesianPrior(mean: mean, standardDeviation: standardDeviation))
    }

    /// Every number of a reading is finite and consistent: a positive spread, a chance in [0, 1], an interval around
    /// the mean, risks that are not negative and differ by the mean.
    private func expectConsistent(_ reading: BayesianReading, _ label: String) {
        guard let effect = reading.effect else { return }
        let numbers = [effect.mean, effect.standardDeviation, effect.chanceToWin, effect.credibleInterval.lower, effect.credibleInterval.upper,
                       effect.riskOfControl, effect.riskOfTreatment]
        #expect(numbers.allSatisfy { $0.isFinite }, "\(label): \(effect)")
        #expect(effect.standardDeviation > 0 && (0...1).contains(effect.chanceToWin), "\(label): \(effect)")
        #expect(effect.credibleInterval.lower <= effect.mean && effect.mean <= effect.credibleInterval.upper, "\(label): \(effect)")
        #expect(effect.riskOfControl >= 0 && effect.riskOfTreatment >= 0, "\(label): \(effect)")
    }

    @Test("under the improper prior the posterior is the data's: the frequentist difference and standard error")
    func improperPriorIsTheData() throws {
        let control = MeanArmStatistic(values: (0..<400).map { Double($0 % 7) * 1.5 })
        let treatment = MeanArmStatistic(values: (0..<380).map { Double($0 % 9) * 1.25 })
        let bayesian = BayesianComparison(treatment: treatment, control: control, settings: improper)
        let frequentist = MetricComparison(treatment: treatment, control: control, settings: ComparisonSettings())
        for (reading, effect) in [(bayesian.absolute, frequentist.absolute), (bayesian.relative, frequentist.relative)] {
            let posterior = try #require(reading.effect)
            let data = try #require(effect)
            #expect(abs(posterior.mean - data.estimate) <= 1e-15 * abs(data.estimate))
            #expect(abs(posterior.standardDeviation - (data.standardError ?? 0)) <= 1e-15 * posterior.standardDeviation)
        }
    }

    @Test("a proper prior weighs its mean and the data by their precisions and narrows the posterior")
    func properPriorWeighsByPrecision() throws {
        // Data 0.1 ± 0.1 and prior 0 ± 0.1 weigh the same: mean 0.05, standard deviation 0.1/√2.
        let even = try #require(BayesianEffect(estimate: 0.1, standardError: 0.1, prior: (0, 0.1), alpha: 0.05, direction: .higherIsBetter))
        #expect(abs(even.mean - 0.05) < 1e-17 && abs(even.standardDeviation - 0.1 / 2.0.squareRoot()) < 1e-17)
        // A prior three times as wide has a ninth of the data's precision: the data get 9/10 of the weight.
        let wide = try #require(BayesianEffect(estimate: 0.1, standardError: 0.1, prior: (0.3, 0.3), alpha: 0.05, direction: .higherIsBetter))
        #expect(abs(wide.mean - (0.9 * 0.1 + 0.1 * 0.3)) < 1e-16)
        #expect(abs(wide.variance - 1 / (1 / 0.01 + 1 / 0.09)) < 1e-17)
        // On the absolute scale the prior is carried by control's estimate: 0.3 relative of a control at 10 is 3.
        let control = GivenArm(10, variance: 4, count: 100)
        let treatment = GivenArm(12, variance: 4, count: 100)
        let comparison = BayesianComparison(treatment: treatment, control: control, settings: try prior(0.1, 0.3))
        let absolute = try #require(comparison.absolute.effect)
        let dataVariance = 4.0 / 100 + 4.0 / 100
        #expect(abs(absolute.variance - 1 / (1 / dataVariance + 1.0 / 9)) < 1e-15)
        #expect(abs(absolute.mean - (2 / dataVariance + 1.0 / 9) / (1 / dataVariance + 1.0 / 9)) < 1e-14)
    }

    @Test("chance to win, credible interval and risks of a posterior N(0, 1), and of N(1, 1)")
    func numbersOfAPosterior() throws {
        let centred = try #require(BayesianEffect(estimate: 0, standardError: 1, prior: nil, alpha: 0.05, direction: .higherIsBetter))
        #expect(centred.chanceToWin == 0.5)
        #expect(abs(centred.credibleInterval.upper - 1.959963984540054) < 1e-15)
        #expect(abs(centred.credibleInterval.lower + 1.959963984540054) < 1e-15)
        // E[max(Z, 0)] = φ(0) = 1/√(2π).
        #expect(abs(centred.riskOfControl - 0.3989422804014327) < 1e-16 && centred.riskOfTreatment == centred.riskOfControl)
        let ahead = try #require(BayesianEffect(estimate: 1, standardError: 1, prior: nil, alpha: 0.1, direction: .higherIsBetter))
        #expect(abs(ahead.chanceToWin - 0.8413447460685429) < 1e-15)
        #expect(abs(ahead.credibleInterval.lower - (1 - 1.6448536269514729)) < 1e-15)
        // E[max(−X, 0)] for X ~ N(1, 1): φ(1) − Φ(−1) = 0.0833154705876863 (mpmath).
        #expect(abs(ahead.riskOfTreatment / 0.0833154705876863 - 1) < 1e-15)
        #expect(abs(ahead.riskOfControl - ahead.riskOfTreatment - 1) < 1e-15)
    }

    @Test("risk of control minus risk of the treatment is the posterior mean; lower is better swaps risks and chance")
    func risksAndDirection() throws {
        for (mean, deviation) in [(0.03, 0.01), (-0.2, 0.5), (12.0, 0.4), (-37.0, 1.0), (1e-9, 1e-3)] {
            let higher = try #require(BayesianEffect(estimate: mean, standardError: deviation, prior: nil, alpha: 0.05, direction: .higherIsBetter))
            let lower = try #require(BayesianEffect(estimate: mean, standardError: deviation, prior: nil, alpha: 0.05, direction: .lowerIsBetter))
            #expect(abs(higher.riskOfControl - higher.riskOfTreatment - mean) <= 1e-15 * max(abs(mean), deviation))
            #expect(lower.riskOfControl == higher.riskOfTreatment && lower.riskOfTreatment == higher.riskOfControl)
            #expect(abs(lower.chanceToWin + higher.chanceToWin - 1) < 1e-15)
            #expect(lower.credibleInterval == higher.credibleInterval && lower.mean == higher.mean)
        }
    }

    @Test("the risk on the losing side keeps its digits far from 0 and falls smoothly across the method's switch at 3 sd")
    func riskTail() {
        var previous = Double.infinity
        for step in 0...800 {
            let distance = Double(step) * 0.05
            let risk = NormalDistribution.upperPartialExpectation(belowMeanBy: distance)
            #expect(risk >= 0 && risk < previous || risk == 0 && previous == 0, "at \(distance) sd: \(risk) after \(previous)")
            previous = risk
        }
        // At 3 sd, where the subtraction gives way to the continued fraction, the two agree to 1e-13.
        let below = 3.0.nextDown
        let direct = NormalDistribution.density(below) - below * NormalDistribution.survival(below)
        #expect(abs(NormalDistribution.upperPartialExpectation(belowMeanBy: 3) - direct) / direct < 1e-13)
        // At 30 sd, φ(30) − 30·Φ(−30) = 1.631956734091401e-199 (mpmath); the subtraction is off by 1e-10 there.
        #expect(abs(NormalDistribution.upperPartialExpectation(belowMeanBy: 30) / 1.631956734091401e-199 - 1) < 1e-13)
        #expect(NormalDistribution.upperPartialExpectation(belowMeanBy: .infinity) == 0)
    }

    @Test("the credible interval holds 1 − alpha; an alpha outside (0, 1) is clamped as for the frequentist results")
    func alpha() throws {
        let arms = (GivenArm(0.2, variance: 0.16, count: 1000), GivenArm(0.21, variance: 0.1659, count: 1000))
        for alpha in [0.2, 0.05, 0.001] {
            let effect = try #require(BayesianComparison(treatment: arms.1, control: arms.0, settings: BayesianSettings(alpha: alpha)).absolute.effect)
            let z = NormalDistribution.quantile(1 - alpha / 2)
            #expect(abs((effect.credibleInterval.upper - effect.mean) / effect.standardDeviation - z) < 1e-12)
        }
        #expect(BayesianSettings(alpha: 7).effectiveAlpha == 1 - 1e-15 && BayesianSettings(alpha: -1).effectiveAlpha == 1e-15)
        #expect(BayesianSettings(alpha: .nan).effectiveAlpha == 0.05)
        let clamped = try #require(BayesianComparison(treatment: arms.1, control: arms.0, settings: BayesianSettings(alpha: 0)).absolute.effect)
        #expect(clamped.credibleInterval.lower.isFinite && clamped.credibleInterval.upper.isFinite)
    }

    @Test("a prior needs a finite mean and a finite standard deviation above 0, each problem under its JSON key")
    func priorValidation() throws {
        let valid = try BayesianPrior(mean: 0, standardDeviation: 0.3)
        #expect(valid.isProper && valid.mean == 0 && valid.standardDeviation == 0.3)
        #expect(!BayesianPrior.improper.isProper && BayesianPrior.improper.standardDeviation == nil)
        #expect(BayesianPrior.problems(mean: -0.5, standardDeviation: 1e-300).isEmpty)
        for (mean, standardDeviation, keys) in [
            (0.0, 0.0, ["stddev"]), (0.0, -0.1, ["stddev"]), (0.0, .infinity, ["stddev"]), (0.0, .nan, ["stddev"]),
            (.nan, 0.3, ["mean"]), (-.infinity, 0.3, ["mean"]), (.infinity, -1, ["mean", "stddev"]),
        ] {
            let problems = BayesianPrior.problems(mean: mean, standardDeviation: standardDeviation)
            #expect(problems.map(\.key) == keys, "\(mean), \(standardDeviation)")
            #expect(problems.allSatisfy { $0.message.hasPrefix("expected a finite") }, "\(problems)")
            #expect(throws: BayesianPrior.Invalid(problems: problems)) { try BayesianPrior(mean: mean, standardDeviation: standardDeviation) }
        }
        let problem = try #require(BayesianPrior.problems(mean: 0, standardDeviation: -0.1).first)
        #expect(problem.description == "stddev: expected a finite standard deviation above 0 on the relative scale (0.3 makes effects beyond about ±60% unlikely), found -0.1")
    }

    @Test("no result without units, with an undefined ratio, too few quantile values, or an arm that never varies (as gbstats)")
    func armLimitations() {
        let varied = MeanArmStatistic(values: [1, 2, 3, 4])
        let cases: [(BayesianComparison, BayesianLimitation)] = [
            (BayesianComparison(treatment: varied, control: MeanArmStatistic(values: []), settings: improper), .emptyArm),
            (BayesianComparison(treatment: varied, control: MeanArmStatistic(values: [5]), settings: improper), .noVariance),
            // The frequentist comparison tests this difference from the varying arm; gbstats' Bayesian engine does not.
            (BayesianComparison(treatment: varied, control: MeanArmStatistic(values: [2, 2, 2]), settings: improper), .noVariance),
            (BayesianComparison(treatment: ProportionArmStatistic(users: 50, successes: 50), control: ProportionArmStatistic(users: 50, successes: 20),
                                settings: improper), .noVariance),
            (BayesianComparison(
                treatment: RatioArmStatistic(count: 3, numerator: .init(sum: 3, sumOfSquares: 5), denominator: .init(sum: 0, sumOfSquares: 0), sumOfProducts: 0),
                control: RatioArmStatistic(count: 3, numerator: .init(sum: 3, sumOfSquares: 5), denominator: .init(sum: 3, sumOfSquares: 5), sumOfProducts: 5),
                settings: improper), .ratioDenominatorZero),
            (BayesianComparison(treatment: QuantileArmStatistic(values: (0..<300).map(Double.init), level: 0.99),
                                control: QuantileArmStatistic(values: (0..<300).map(Double.init), level: 0.99), settings: improper), .tooFewValuesForQuantile),
        ]
        for (comparison, reason) in cases {
            #expect(comparison.absolute == .notComputed(reason) && comparison.relative == .notComputed(reason), "\(reason)")
        }
        #expect(BayesianComparison(treatment: GivenArm(1, variance: .infinity, count: 9), control: GivenArm(1, variance: 1, count: 9), settings: improper)
            .absolute == .notComputed(.valueBeyondRange))
        #expect(BayesianLimitation.allCases.allSatisfy { !$0.explanation.isEmpty })
    }

    @Test("control at 0: no relative result; the absolute one under the improper prior only (gbstats divides by zero)")
    func controlZero() throws {
        let control = MeanArmStatistic(values: [1, -1, 0, 2, -2])
        let treatment = MeanArmStatistic(values: [0, 1, 2, 0, 3])
        let flat = BayesianComparison(treatment: treatment, control: control, settings: improper)
        #expect(flat.relative == .notComputed(.controlEstimateZero))
        let absolute = try #require(flat.absolute.effect)
        #expect(absolute.mean == 1.2 && abs(absolute.variance - (1.7 / 5 + 2.5 / 5)) < 1e-15)
        let proper = BayesianComparison(treatment: treatment, control: control, settings: try prior(0, 0.3))
        #expect(proper.absolute == .notComputed(.controlEstimateZero) && proper.relative == .notComputed(.controlEstimateZero))
    }

    @Test("scaling every value by 2^k scales the absolute result by 2^k and leaves the relative one, up to 2^±500")
    func scaleInvariance() throws {
        let control = (mean: 3.25, variance: 2.5, count: 800)
        let treatment = (mean: 3.5, variance: 2.75, count: 760)
        for settings in [improper, try prior(0.02, 0.05)] {
            let base = BayesianComparison(
                treatment: GivenArm(treatment.mean, variance: treatment.variance, count: treatment.count),
                control: GivenArm(control.mean, variance: control.variance, count: control.count), settings: settings
            )
            let baseAbsolute = try #require(base.absolute.effect)
            let baseRelative = try #require(base.relative.effect)
            for k in [-500, -300, -100, 100, 300, 500] {
                let scale = Double(sign: .plus, exponent: k, significand: 1)
                let scaled = BayesianComparison(
                    treatment: GivenArm(treatment.mean * scale, variance: treatment.variance * scale * scale, count: treatment.count),
                    control: GivenArm(control.mean * scale, variance: control.variance * scale * scale, count: control.count), settings: settings
                )
                let absolute = try #require(scaled.absolute.effect, "2^\(k)")
                let relative = try #require(scaled.relative.effect, "2^\(k)")
                for (actual, expected) in [
                    (absolute.mean, baseAbsolute.mean * scale), (absolute.standardDeviation, baseAbsolute.standardDeviation * scale),
                    (absolute.credibleInterval.lower, baseAbsolute.credibleInterval.lower * scale),
                    (absolute.riskOfControl, baseAbsolute.riskOfControl * scale), (absolute.riskOfTreatment, baseAbsolute.riskOfTreatment * scale),
                    (relative.mean, baseRelative.mean), (relative.standardDeviation, baseRelative.standardDeviation),
                    (relative.riskOfTreatment, baseRelative.riskOfTreatment),
                ] {
                    #expect(abs(actual - expected) <= 1e-15 * abs(expected), "2^\(k): \(actual) vs \(expected)")
                }
                #expect(absolute.chanceToWin == baseAbsolute.chanceToWin && relative.chanceToWin == baseRelative.chanceToWin, "2^\(k)")
            }
        }
    }

    @Test("means of ±1e308, variances of 1e-320 to 1.7e308, counts up to Int.max: finite results or value_beyond_range, never NaN")
    func extremeInputs() throws {
        let means = [1.7e308, -1.7e308, 1e300, -1e150, 1, -0.5, 1e-300, -Double.leastNonzeroMagnitude, 0]
        let variances = [Double.leastNonzeroMagnitude, subnormalVariance, 1e-300, 1, 1e300, 1.7e308]
        let counts = [2, 1_000_000, Int.max]
        let settings = [improper, try prior(0, 0.3), try prior(-1e300, 1e-300), try prior(1e-300, 1e300)]
        var outcomes: [BayesianLimitation?: Int] = [:]
        for controlMean in means {
            for treatmentMean in means {
                for (index, variance) in variances.enumerated() {
                    for count in counts {
                        let control = GivenArm(controlMean, variance: variance, count: count)
                        let treatment = GivenArm(treatmentMean, variance: variances[(index + 2) % variances.count], count: 7)
                        for setting in settings {
                            for direction in [MetricDirection.higherIsBetter, .lowerIsBetter] {
                                let comparison = BayesianComparison(treatment: treatment, control: control, settings: setting, direction: direction)
                                for reading in [comparison.absolute, comparison.relative] {
                                    expectConsistent(reading, "\(controlMean) \(treatmentMean) \(variance) \(count)")
                                    outcomes[reading.limitation, default: 0] += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect((outcomes[nil] ?? 0) > 5_000 && (outcomes[.valueBeyondRange] ?? 0) > 100 && (outcomes[.controlEstimateZero] ?? 0) > 100, "\(outcomes)")

        // Opposite means of 1.7e308 differ by more than a double holds; their ratio does not.
        let huge = BayesianComparison(treatment: GivenArm(1.7e308, variance: 1, count: 9), control: GivenArm(-1.7e308, variance: 1, count: 9), settings: improper)
        #expect(huge.absolute == .notComputed(.valueBeyondRange))
        #expect(huge.relative.effect?.mean == -2 && huge.relative.effect?.chanceToWin == 0)
        // A control of 1e-300 with a unit variance: the relative standard error, 1e300 over √n, is beyond a double.
        let tiny = BayesianComparison(treatment: GivenArm(1, variance: 1, count: 9), control: GivenArm(1e-300, variance: 1e300, count: 9), settings: improper)
        #expect(tiny.relative == .notComputed(.valueBeyondRange) && tiny.absolute.effect != nil)
        // Variances at the bottom of the doubles still give a spread: √(1e-320/4 + 1e-320/4).
        let subnormal = try #require(BayesianComparison(
            treatment: GivenArm(2, variance: subnormalVariance, count: 4), control: GivenArm(1, variance: subnormalVariance, count: 4),
            settings: improper
        ).absolute.effect)
        #expect(abs(subnormal.standardDeviation / (subnormalVariance.squareRoot() / 2.0.squareRoot()) - 1) < 1e-15 && subnormal.chanceToWin == 1 && subnormal.riskOfTreatment == 0)
        // A relative prior of 0.3 on a control of 1e308 is a standard deviation of 3e307 on the absolute scale; 3 is beyond.
        let wide = BayesianComparison(treatment: GivenArm(1e308, variance: 1, count: 9), control: GivenArm(1e308, variance: 1, count: 9), settings: try prior(0, 3))
        #expect(wide.absolute == .notComputed(.valueBeyondRange) && wide.relative.effect != nil)
    }
}
