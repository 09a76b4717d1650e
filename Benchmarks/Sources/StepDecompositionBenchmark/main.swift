import BenchmarkSupport
import FlowReports
import Foundation

/// The step decomposition's error rates and coverage, simulated (docs/Statistics.md, "Where in the flow: the step
/// decomposition"): `swift run -c release --package-path Benchmarks StepDecompositionBenchmark [--runs 2000]
/// [--users 3000] [--alpha 0.05] [--seed 1]`.
///
/// Every run draws two arms of `users` users through a funnel of Bernoulli step passes and decomposes them with
/// Switchyard's statistics (`StepDecomposition`), then counts:
/// - A/A, five steps (the first shown at exposure, rates 1, 0.9, 0.8, 0.7, 0.85, the goal logged with the last step):
///   runs in which any step is found, with Holm, Benjamini-Hochberg and no correction, and with the structural terms
///   counted in Holm's family; the variances of the terms against the end-to-end one;
/// - an effect planted at step 3 only (0.8 → 0.84, a ratio of 1.05): how often each step's interval covers its true
///   ratio, and how often step 3 is found;
/// - one step near a rate of 0 or 1: the coverage of the interval chosen (a score interval there) and of the delta
///   method alone;
/// - a goal reached without the last step (users who stop earlier convert anyway: 5%, 8% against 5%, 15%): coverage with the multinomial
///   covariance, and of the goal term with the per-step variance.

let runs = max(1, Int(numericOption("--runs", default: 2000)))
let users = max(10, Int(numericOption("--users", default: 3000)))
let alpha = numericOption("--alpha", default: 0.05)
let seed = UInt64(numericOption("--seed", default: 1))
let z = 1.959963984540054
var generator = WyRandGenerator(seed: seed)

func decompose(_ treatment: FunnelArmProgress, _ control: FunnelArmProgress, _ correction: MultipleComparisonCorrection) -> StepDecomposition {
    StepDecomposition(treatment: ("treatment", treatment), control: ("control", control), alpha: alpha, correction: correction)
}

/// The sample variance of `values`.
func variance(_ values: [Double]) -> Double {
    let mean = values.reduce(0, +) / Double(values.count)
    return values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
}

/// The sample covariance of two series.
func covariance(_ first: [Double], _ second: [Double]) -> Double {
    let firstMean = first.reduce(0, +) / Double(first.count)
    let secondMean = second.reduce(0, +) / Double(second.count)
    return zip(first, second).reduce(0) { $0 + ($1.0 - firstMean) * ($1.1 - secondMean) } / Double(first.count - 1)
}

/// Whether the delta-method interval `ln ratio ∓ z·√variance` covers `truth`; false without an interval.
func deltaCovers(logRatio: Double?, variance: Double, truth: Double) -> Bool {
    guard let logRatio, variance >= 0 else { return false }
    let halfWidth = z * variance.squareRoot()
    return logRatio - halfWidth <= log(truth) && log(truth) <= logRatio + halfWidth
}

print("\(runs) runs per scenario, \(users) users per arm, alpha \(alpha), seed \(seed)")

// MARK: A/A: false findings and the variances
let bundled = SimulatedFunnel(stepRates: [1, 0.9, 0.8, 0.7, 0.85], goalRate: 1)
var anyHolm = Share(), anyBenjaminiHochberg = Share(), anyUncorrected = Share(), anyHolmCountingStructural = Share()
var termUncorrected = Array(repeating: Share(), count: bundled.stepRates.count + 1)
var endToEndLogs: [Double] = []
var termLogs: [[Double]] = Array(repeating: [], count: bundled.stepRates.count + 1)
var estimatedEndToEnd = 0.0
var worstIdentity = 0.0
for _ in 0..<runs {
    let treatment = bundled.arm(users: users, generator: &generator)
    let control = bundled.arm(users: users, generator: &generator)
    let holm = decompose(treatment, control, .holm)
    let tested = holm.terms.filter(\.isTested)
    anyHolm.record(tested.contains(where: \.isFound))
    anyBenjaminiHochberg.record(decompose(treatment, control, .benjaminiHochberg).terms.contains(where: \.isFound))
    anyUncorrected.record(tested.contains { ($0.pValue ?? 1) < alpha })
    for (index, term) in holm.terms.enumerated() where term.isTested { termUncorrected[index].record((term.pValue ?? 1) < alpha) }
    anyHolmCountingStructural.record(MultipleComparisonCorrection.holm.adjust(holm.terms.map { $0.pValue ?? 1 }).contains { $0 < alpha })
    guard let ratio = holm.ratio, let endToEnd = holm.logRatioVariance else { continue }
    endToEndLogs.append(log(ratio))
    for (index, term) in holm.terms.enumerated() { termLogs[index].append(term.logRatio ?? 0) }
    estimatedEndToEnd += endToEnd
    let sum = holm.terms.compactMap(\.logVariance).reduce(0, +)
    worstIdentity = max(worstIdentity, abs(sum - endToEnd) / endToEnd)
}
let testedCount = 4
print("")
print("A/A, 5 steps + goal (\(testedCount) tested terms, 2 structural): runs with any step found [Wilson 95%]")
print("  Holm:                                   \(anyHolm.description)")
print("  Benjamini-Hochberg:                     \(anyBenjaminiHochberg.description)")
print("  no correction:                          \(anyUncorrected.description)   (1 - 0.95^4 = \(String(format: "%.1f", (1 - pow(1 - alpha, Double(testedCount))) * 100))% expected)")
print("  Holm counting the 2 structural terms:   \(anyHolmCountingStructural.description)")
print("  each tested term, no correction:        " + termUncorrected.filter { $0.total > 0 }.map(\.percentage).joined(separator: ", "))
let termVariances = termLogs.map(variance)
var offDiagonal = 0.0
for first in termLogs.indices { for second in termLogs.indices where second != first { offDiagonal += covariance(termLogs[first], termLogs[second]) } }
print("variance of ln(pT/pC) over the runs:      \(String(format: "%.4e", variance(endToEndLogs)))")
print("  sum of the terms' variances:            \(String(format: "%.4e", termVariances.reduce(0, +)))")
print("  sum of the terms' covariances (i != j): \(String(format: "%.4e", offDiagonal))")
print("  mean estimate 1/gT - 1/nT + 1/gC - 1/nC: \(String(format: "%.4e", estimatedEndToEnd / Double(endToEndLogs.count)))")
print("  largest |sum of term variances - end-to-end| / end-to-end in a run: \(String(format: "%.1e", worstIdentity))")

// MARK: An effect planted at step 3
var planted = bundled
planted.stepRates[2] = 0.84
let truths = planted.termRatios(against: bundled)
var coverage = Array(repeating: Share(), count: truths.count)
var foundHolm = Share(), foundBenjaminiHochberg = Share(), foundHolmCountingStructural = Share(), otherFound = Share()
for _ in 0..<runs {
    let treatment = planted.arm(users: users, generator: &generator)
    let control = bundled.arm(users: users, generator: &generator)
    let holm = decompose(treatment, control, .holm)
    for (index, term) in holm.terms.enumerated() where term.isTested {
        coverage[index].record(term.interval?.contains(truths[index]) ?? false)
    }
    foundHolm.record(holm.terms[2].isFound)
    otherFound.record(holm.terms.enumerated().contains { $0.offset != 2 && $0.element.isFound })
    foundBenjaminiHochberg.record(decompose(treatment, control, .benjaminiHochberg).terms[2].isFound)
    foundHolmCountingStructural.record(MultipleComparisonCorrection.holm.adjust(holm.terms.map { $0.pValue ?? 1 })[2] < alpha)
}
print("")
print("effect planted at step 3 (0.8 -> 0.84, ratio 1.05): the raw 95% interval covers the true ratio")
for (index, share) in coverage.enumerated() where share.total > 0 {
    print("  step \(index + 1) (true ratio \(String(format: "%.2f", truths[index]))): \(share.description)")
}
print("  step 3 found, Holm:                     \(foundHolm.description)")
print("  step 3 found, Holm counting structural: \(foundHolmCountingStructural.description)")
print("  step 3 found, Benjamini-Hochberg:       \(foundBenjaminiHochberg.description)")
print("  any other step found, Holm:             \(otherFound.description)")

// MARK: One step near a rate of 0 or 1
print("")
print("one step near the boundary: coverage of the true ratio among tested runs, chosen interval vs the delta method alone")
let boundaryCases: [(treatment: Double, control: Double, users: Int)] = [
    (1, 0.999, 3000), (0.999, 0.999, 3000), (0.999, 0.998, 1000), (1, 0.995, 1000), (0.9995, 0.999, 5000),
    (0.99, 0.97, 500), (0.002, 0.001, 3000), (0.001, 0.003, 2000),
]
for scenario in boundaryCases {
    let treatmentFunnel = SimulatedFunnel(stepRates: [scenario.treatment], goalRate: 1)
    let controlFunnel = SimulatedFunnel(stepRates: [scenario.control], goalRate: 1)
    let truth = scenario.treatment / scenario.control
    var chosen = Share(), delta = Share(), score = Share(), structural = Share()
    for _ in 0..<runs {
        let decomposition = decompose(
            treatmentFunnel.arm(users: scenario.users, generator: &generator), controlFunnel.arm(users: scenario.users, generator: &generator), .holm
        )
        let term = decomposition.terms[0]
        structural.record(!term.isTested)
        guard term.isTested else { continue }
        chosen.record(term.interval?.contains(truth) ?? false)
        score.record(term.method == .score)
        let katz = 1 / Double(term.treatment.passed) - 1 / Double(term.treatment.reached)
            + 1 / Double(term.control.passed) - 1 / Double(term.control.reached)
        delta.record(term.treatment.passed > 0 && term.control.passed > 0 && deltaCovers(logRatio: term.logRatio, variance: katz, truth: truth))
    }
    print("  \(scenario.treatment) vs \(scenario.control), \(scenario.users) users: chosen \(chosen.description); delta alone \(delta.description); "
        + "score used in \(score.description); untested (all or none passed in both) \(structural.description)")
}

// MARK: A goal reached without the last step
print("")
print("goal not nested in the last step (4 steps 0.9, 0.8, 0.7, 0.85; goal 0.9 after the last, shortcut for the others):")
let shortcutCases: [(label: String, treatment: Double, control: Double)] = [("A/A, shortcut 5%", 0.05, 0.05), ("shortcut 8% vs 5%", 0.08, 0.05),
                                                                             ("A/A, shortcut 15%", 0.15, 0.15)]
for scenario in shortcutCases {
    let treatmentFunnel = SimulatedFunnel(stepRates: [0.9, 0.8, 0.7, 0.85], goalRate: 0.9, shortcutRate: scenario.treatment)
    let controlFunnel = SimulatedFunnel(stepRates: [0.9, 0.8, 0.7, 0.85], goalRate: 0.9, shortcutRate: scenario.control)
    let truths = treatmentFunnel.termRatios(against: controlFunnel)
    var covered = Array(repeating: Share(), count: truths.count)
    var simpleCovered = Share(), simpleNegative = Share(), anyFound = Share()
    var worst = 0.0
    for _ in 0..<runs {
        let decomposition = decompose(
            treatmentFunnel.arm(users: users, generator: &generator), controlFunnel.arm(users: users, generator: &generator), .holm
        )
        anyFound.record(decomposition.terms.contains(where: \.isFound))
        for (index, term) in decomposition.terms.enumerated() { covered[index].record(term.interval?.contains(truths[index]) ?? false) }
        let goal = decomposition.terms[truths.count - 1]
        let simple = 1 / Double(goal.treatment.passed) - 1 / Double(goal.treatment.reached)
            + 1 / Double(goal.control.passed) - 1 / Double(goal.control.reached)
        simpleNegative.record(simple < 0)
        simpleCovered.record(deltaCovers(logRatio: goal.logRatio, variance: simple, truth: truths[truths.count - 1]))
        if let endToEnd = decomposition.logRatioVariance {
            worst = max(worst, abs(decomposition.termLogCovariance.flatMap { $0 }.reduce(0, +) - endToEnd) / endToEnd)
        }
    }
    print("  \(scenario.label) (goal term's true ratio \(String(format: "%.3f", truths[truths.count - 1]))):")
    print("    coverage, steps 1-4: " + covered.dropLast().map(\.percentage).joined(separator: ", "))
    print("    coverage, goal term (multinomial covariance): \(covered[truths.count - 1].description)")
    print("    coverage, goal term (per-step variance 1/g - 1/n_K): \(simpleCovered.description); negative in \(simpleNegative.description)")
    print("    any term found (Holm): \(anyFound.description)")
    print("    largest |sum of the covariance matrix - end-to-end| / end-to-end: \(String(format: "%.1e", worst))")
}
