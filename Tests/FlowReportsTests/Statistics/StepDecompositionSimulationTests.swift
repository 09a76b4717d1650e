import Foundation
import SeededRandom
import Testing
@testable import FlowReports

/// Fast versions of `StepDecompositionBenchmark` (docs/Statistics.md, "Where in the flow: the step decomposition"): fewer
/// runs and users, a fixed seed, bounds a few standard errors from the nominal rates.
@Suite("The step decomposition's error rates and coverage, simulated")
struct StepDecompositionSimulationTests {
    /// The bundled apps' shape: the first step shown at exposure, four steps that lose users, the goal with the last.
    private let bundled = SimulatedFunnel(stepRates: [1, 0.9, 0.8, 0.7, 0.85], goalRate: 1)

    private func decompose(_ treatment: FunnelArmProgress, _ control: FunnelArmProgress, _ correction: MultipleComparisonCorrection = .holm)
        -> StepDecomposition {
        StepDecomposition(treatment: ("B", treatment), control: ("A", control), correction: correction)
    }

    private func share(_ count: Int, of total: Int) -> Double {
        Double(count) / Double(max(total, 1))
    }

    @Test("A/A over 300 runs: corrected, any step is found in about 5% of runs; uncorrected, in about 1 − 0.95⁴ = 18.5%")
    func falseFindings() throws {
        var generator = SplitMix64(seed: 2026)
        let runs = 300
        var holm = 0, benjaminiHochberg = 0, uncorrected = 0
        var endToEnd: [Double] = []
        var termLogs: [[Double]] = Array(repeating: [], count: 6)
        for _ in 0..<runs {
            let treatment = bundled.arm(users: 1500, generator: &generator)
            let control = bundled.arm(users: 1500, generator: &generator)
            let decomposition = decompose(treatment, control)
            #expect(decomposition.terms.filter(\.isTested).count == 4)
            if decomposition.terms.contains(where: \.isFound) { holm += 1 }
            if decompose(treatment, control, .benjaminiHochberg).terms.contains(where: \.isFound) { benjaminiHochberg += 1 }
            if decomposition.terms.contains(where: { ($0.pValue ?? 1) < 0.05 }) { uncorrected += 1 }
            endToEnd.append(log(try #require(decomposition.ratio)))
            for (index, term) in decomposition.terms.enumerated() { termLogs[index].append(term.logRatio ?? .nan) }
        }
        #expect(share(holm, of: runs) <= 0.09, "\(holm) of \(runs)")
        #expect(share(benjaminiHochberg, of: runs) <= 0.09, "\(benjaminiHochberg) of \(runs)")
        #expect((0.10...0.28).contains(share(uncorrected, of: runs)), "\(uncorrected) of \(runs)")
        // The terms' variances over the runs add up to the end-to-end log ratio's (within sampling error).
        let sum = termLogs.map(Self.variance).reduce(0, +)
        let whole = Self.variance(endToEnd)
        #expect(abs(sum - whole) <= 0.25 * whole, "\(sum) vs \(whole)")
    }

    @Test("an effect planted at step 3: its interval covers the planted ratio, the other steps' cover 1, about 95% of 300 runs each")
    func coverage() throws {
        var generator = SplitMix64(seed: 3)
        var planted = bundled
        planted.stepRates[2] = 0.84
        let truths = planted.termRatios(against: bundled)
        var covered = [Int](repeating: 0, count: truths.count)
        var tested = [Int](repeating: 0, count: truths.count)
        var found = 0
        for _ in 0..<300 {
            let decomposition = decompose(planted.arm(users: 1500, generator: &generator), bundled.arm(users: 1500, generator: &generator))
            for (index, term) in decomposition.terms.enumerated() where term.isTested {
                tested[index] += 1
                if term.interval?.contains(truths[index]) == true { covered[index] += 1 }
            }
            if decomposition.terms[2].isFound { found += 1 }
        }
        #expect(tested == [0, 300, 300, 300, 300, 0])
        for index in 1...4 { #expect((0.90...0.99).contains(share(covered[index], of: 300)), "step \(index + 1): \(covered[index])") }
        #expect(share(found, of: 300) > 0.4, "a 5% lift at step 3 is found in most runs of 1,500 users")
    }

    @Test("near a rate of 1 or 0 the score interval keeps its coverage where the delta method alone loses it")
    func boundaryCoverage() throws {
        var generator = SplitMix64(seed: 11)
        var chosen = 0, delta = 0, tested = 0
        for scenario in [(treatment: 1.0, control: 0.999, users: 3000), (treatment: 0.001, control: 0.003, users: 2000)] {
            let treatment = SimulatedFunnel(stepRates: [scenario.treatment], goalRate: 1)
            let control = SimulatedFunnel(stepRates: [scenario.control], goalRate: 1)
            let truth = scenario.treatment / scenario.control
            for _ in 0..<300 {
                let term = decompose(treatment.arm(users: scenario.users, generator: &generator), control.arm(users: scenario.users, generator: &generator)).terms[0]
                guard term.isTested else { continue }
                tested += 1
                #expect(term.method == .score)
                if term.interval?.contains(truth) == true { chosen += 1 }
                let variance = 1 / Double(term.treatment.passed) - 1 / Double(term.treatment.reached)
                    + 1 / Double(term.control.passed) - 1 / Double(term.control.reached)
                if let logRatio = term.logRatio, term.treatment.passed > 0, term.control.passed > 0,
                   abs(logRatio - log(truth)) <= 1.959964 * variance.squareRoot() {
                    delta += 1
                }
            }
        }
        #expect(tested > 550)
        #expect(share(chosen, of: tested) >= 0.92, "\(chosen) of \(tested)")
        #expect(share(delta, of: tested) < 0.90, "\(delta) of \(tested)")
    }

    @Test("a goal reached without the last step: the multinomial covariance covers, the per-step variance does not or goes negative")
    func goalNotNestedCoverage() throws {
        var generator = SplitMix64(seed: 5)
        let funnel = SimulatedFunnel(stepRates: [0.9, 0.8, 0.7, 0.85], goalRate: 0.9, shortcutRate: 0.05)
        var covered = 0, simpleCovered = 0, found = 0
        for _ in 0..<300 {
            let decomposition = decompose(funnel.arm(users: 1500, generator: &generator), funnel.arm(users: 1500, generator: &generator))
            #expect(!decomposition.isGoalNested)
            let goal = try #require(decomposition.terms.last)
            if goal.interval?.contains(1) == true { covered += 1 }
            let simple = 1 / Double(goal.treatment.passed) - 1 / Double(goal.treatment.reached)
                + 1 / Double(goal.control.passed) - 1 / Double(goal.control.reached)
            if let logRatio = goal.logRatio, simple > 0, abs(logRatio) <= 1.959964 * simple.squareRoot() { simpleCovered += 1 }
            if decomposition.terms.contains(where: \.isFound) { found += 1 }
        }
        #expect((0.90...0.99).contains(share(covered, of: 300)), "\(covered)")
        #expect(share(simpleCovered, of: 300) < 0.80, "\(simpleCovered)")
        #expect(share(found, of: 300) <= 0.09, "\(found)")

        let wide = SimulatedFunnel(stepRates: [0.9, 0.8, 0.7, 0.85], goalRate: 0.9, shortcutRate: 0.15)
        let decomposition = decompose(wide.arm(users: 1500, generator: &generator), wide.arm(users: 1500, generator: &generator))
        let goal = try #require(decomposition.terms.last)
        #expect(goal.treatment.passed > goal.treatment.reached, "more users convert than reach the last step")
        #expect(1 / Double(goal.treatment.passed) - 1 / Double(goal.treatment.reached) < 0)
        #expect((goal.logVariance ?? 0) > 0 && goal.interval != nil)
    }

    private static func variance(_ values: [Double]) -> Double {
        let mean = values.reduce(0, +) / Double(values.count)
        return values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
    }
}
