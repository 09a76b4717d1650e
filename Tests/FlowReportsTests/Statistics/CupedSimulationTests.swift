import Foundation
import SeededRandom
import Testing
@testable import FlowReports

/// CUPED by simulation: A/A experiments whose metric is correlated with its covariate (users with and without
/// history), and the variance the adjustment removes against 1 − ρ².
///
/// `CUPED_SIMULATION_RUNS` sets the A/A runs: 200 by default, to keep CI fast; docs/Statistics.md quotes runs of
/// 400 and 2,000 (`CUPED_SIMULATION_RUNS=2000 swift test --filter CupedSimulationTests`); `CUPED_SIMULATION_SEED`
/// draws other experiments.
@Suite("CUPED's false-positive rate and variance reduction, simulated")
struct CupedSimulationTests {
    static var runs: Int {
        ProcessInfo.processInfo.environment["CUPED_SIMULATION_RUNS"].flatMap(Int.init) ?? 200
    }

    /// A standard normal draw (Box–Muller).
    static func normal(_ generator: inout SplitMix64) -> Double {
        let u = max(generator.nextUnit(), .leastNonzeroMagnitude)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * generator.nextUnit())
    }

    /// An arm of `users`: a latent propensity drives both the covariate (for the users with history; 0 for the
    /// others) and the metric, so that among users with history their correlation is `correlation`.
    static func arm(users: Int, correlation: Double, historyShare: Double, binary: Bool, _ generator: inout SplitMix64)
        -> RegressionAdjustedArmStatistic {
        var statistic = RegressionAdjustedArmStatistic(isBinary: binary)
        let own = (1 - correlation * correlation).squareRoot()
        for _ in 0..<users {
            let latent = normal(&generator)
            let hasHistory = generator.nextUnit() < historyShare
            let post = correlation * latent + own * normal(&generator)
            if binary {
                statistic.add(value: post > 0.5 ? 1 : 0, covariate: hasHistory && latent > 0.3 ? 1 : 0)
            } else {
                statistic.add(value: 10 + 2 * post, covariate: hasHistory ? 8 + 2 * latent : 0)
            }
        }
        return statistic
    }

    /// The Wilson score interval (95%) of `count` successes in `trials`.
    static func wilson(_ count: Int, _ trials: Int) -> ClosedRange<Double> {
        let z = 1.959963984540054
        let (n, p) = (Double(trials), Double(count) / Double(trials))
        let center = (p + z * z / (2 * n)) / (1 + z * z / n)
        let half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()
        return (center - half)...(center + half)
    }

    @Test("A/A with a correlated covariate: p < 0.05 in about 5% of runs (Wilson interval), absolute and relative, means and proportions")
    func falsePositiveRate() {
        let runs = Self.runs
        var generator = SplitMix64(seed: ProcessInfo.processInfo.environment["CUPED_SIMULATION_SEED"].flatMap(UInt64.init) ?? 4242)
        var rejections: [String: Int] = [:]
        var bayesianWins = 0
        for run in 0..<runs {
            let binary = run % 2 == 1
            let treatment = Self.arm(users: 600, correlation: 0.8, historyShare: 0.7, binary: binary, &generator)
            let control = Self.arm(users: 600, correlation: 0.8, historyShare: 0.7, binary: binary, &generator)
            let comparison = MetricComparison(treatment: treatment, control: control, settings: ComparisonSettings(alpha: 0.05))
            if (comparison.absolute?.pValue ?? 1) < 0.05 { rejections["absolute", default: 0] += 1 }
            if (comparison.relative?.pValue ?? 1) < 0.05 { rejections["relative", default: 0] += 1 }
            let bayesian = BayesianComparison(treatment: treatment, control: control, settings: BayesianSettings())
            if let chance = bayesian.absolute.effect?.chanceToWin, chance > 0.975 || chance < 0.025 { bayesianWins += 1 }
        }
        for difference in ["absolute", "relative"] {
            let interval = Self.wilson(rejections[difference, default: 0], runs)
            #expect(interval.contains(0.05), "\(difference): \(rejections[difference, default: 0]) of \(runs), Wilson \(interval)")
            print("CUPED A/A \(difference): \(rejections[difference, default: 0]) of \(runs) runs with p < 0.05, Wilson 95% \(interval)")
        }
        // Under the improper prior, a chance to win beyond 97.5% either way is p < 0.05 of the normal test.
        #expect(Self.wilson(bayesianWins, runs).contains(0.05), "Bayesian: \(bayesianWins) of \(runs)")
    }

    @Test("the absolute difference's variance with CUPED is about 1 − ρ² of the one without; no wider without correlation")
    func varianceReduction() throws {
        var generator = SplitMix64(seed: 77)
        for correlation in [0.0, 0.5, 0.8, 0.95] {
            let treatment = Self.arm(users: 20000, correlation: correlation, historyShare: 1, binary: false, &generator)
            let control = Self.arm(users: 20000, correlation: correlation, historyShare: 1, binary: false, &generator)
            let ratio = try #require(RegressionAdjustedArms(treatment: treatment, control: control).varianceRatio)
            let expected = 1 - correlation * correlation
            #expect(abs(ratio - expected) <= 0.02, "ρ = \(correlation): \(ratio) against \(expected)")
            #expect(ratio <= 1, "ρ = \(correlation): \(ratio)")
            print("CUPED variance ratio at ρ = \(correlation): \(ratio) (1 − ρ² = \(expected)); interval \(Int(((1 - ratio.squareRoot()) * 100).rounded()))% narrower")
        }
    }

    @Test("over A/A runs, the spread of the adjusted difference is √(1 − ρ²) of the unadjusted one's")
    func spreadAcrossRuns() throws {
        var generator = SplitMix64(seed: 99)
        var adjusted: [Double] = [], unadjusted: [Double] = []
        for _ in 0..<200 {
            let arms = RegressionAdjustedArms(
                treatment: Self.arm(users: 400, correlation: 0.8, historyShare: 1, binary: false, &generator),
                control: Self.arm(users: 400, correlation: 0.8, historyShare: 1, binary: false, &generator)
            )
            adjusted.append(try #require(arms.treatment.estimate) - (try #require(arms.control.estimate)))
            unadjusted.append(try #require(arms.treatment.unadjustedEstimate) - (try #require(arms.control.unadjustedEstimate)))
        }
        func deviation(_ values: [Double]) -> Double {
            let mean = values.reduce(0, +) / Double(values.count)
            return (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
        }
        let ratio = deviation(adjusted) / deviation(unadjusted)
        // √(1 − 0.64) = 0.6; 200 runs give the ratio of two deviations to within about 10%.
        #expect(abs(ratio - 0.6) <= 0.08, "\(ratio)")
        print("CUPED spread over 200 A/A runs: adjusted / unadjusted = \(ratio) (√(1 − ρ²) = 0.6)")
    }
}
