import Foundation
import Testing
@testable import FlowReports

/// CUPED against gbstats 0.8.0 (`RegressionAdjustedStatistic`, `compute_theta`, `TwoSidedTTest`,
/// `SequentialTwoSidedTTest`, `EffectBayesianABTest`) on the experiments of `Reference/generate_cuped_vectors.py`.
///
/// Every number to 1e-9 relative: θ, the arms' variances and standard errors relative to themselves; estimates,
/// interval bounds and posterior means relative to the larger of themselves and their standard error (an effect near
/// 0 is checked in units of its spread); gbstats' p-values and chances to win to 1e-9 absolute (its `1 − cdf` keeps
/// no digits below 1e-16) and the fixed-horizon p-value also relative against scipy's `2·t.sf`; risks relative to the
/// larger of themselves and the posterior standard deviation.
@Suite("CUPED agrees with gbstats 0.8.0's regression adjustment")
struct CupedReferenceTests {
    static let tolerance = 1e-9

    @Test("θ, the adjusted arms, the frequentist and the Bayesian results of every generated experiment")
    func everyCase() throws {
        let vectors = try CupedVectors.load()
        #expect(vectors.gbstats == "0.8.0")
        #expect(vectors.cases.count >= 100)
        var ledger = DeviationLedger()
        var compared = 0
        for item in vectors.cases {
            let arms = RegressionAdjustedArms(treatment: item.statistic(item.treatment), control: item.statistic(item.control))
            let expected = item.expected
            #expect(ledger.record("theta", DeviationLedger.relative(arms.slope.theta, expected.theta)) <= Self.tolerance, "\(item.name)")
            for (arm, reference) in [(arms.control, expected.control), (arms.treatment, expected.treatment)] {
                let spread = (reference.variance / Double(max(arm.count, 1))).squareRoot()
                #expect(ledger.record("arm estimate", Self.inSpreads(arm.estimate ?? .nan, reference.estimate, spread)) <= Self.tolerance, "\(item.name)")
                #expect(ledger.record("arm unadjusted estimate", Self.inSpreads(arm.unadjustedEstimate ?? .nan, reference.unadjustedEstimate, spread))
                    <= Self.tolerance, "\(item.name)")
                #expect(ledger.record("arm variance", DeviationLedger.relative(arm.unitVariance, reference.variance)) <= Self.tolerance, "\(item.name)")
            }
            for reference in expected.frequentist {
                compared += Self.checkFrequentist(item, reference, &ledger)
            }
            for reference in expected.bayesian {
                compared += Self.checkBayesian(item, reference, &ledger)
            }
        }
        #expect(compared >= 1000)
        print("CUPED against gbstats: \(compared) results; worst deviation:\n\(ledger.summary)")
    }

    /// |actual − expected| / max(|expected|, spread).
    static func inSpreads(_ actual: Double, _ expected: Double, _ spread: Double) -> Double {
        actual == expected ? 0 : abs(actual - expected) / max(abs(expected), spread)
    }

    /// One frequentist difference; 1 when its numbers were compared.
    static func checkFrequentist(_ item: CupedVectors.Case, _ reference: CupedVectors.Frequentist, _ ledger: inout DeviationLedger) -> Int {
        let method: TestingMethod = reference.method == "sequential" ? .sequential(tuningUsers: reference.tuningUsers ?? 5000) : .fixedHorizon
        let comparison = MetricComparison(
            treatment: item.statistic(item.treatment), control: item.statistic(item.control),
            settings: ComparisonSettings(alpha: reference.alpha, method: method)
        )
        let label = "\(item.name) \(reference.method) \(reference.difference)"
        let effect = reference.difference == "relative" ? comparison.relative : comparison.absolute
        guard let estimate = reference.estimate, let standardError = reference.standardError, let lower = reference.lower,
              let upper = reference.upper, let pValue = reference.pValue
        else {
            checkDeclined(label, reference.gbstatsMessage, relative: reference.difference == "relative", comparison: comparison)
            return 0
        }
        guard let effect, let actualError = effect.standardError, let interval = effect.interval, let actualP = effect.pValue else {
            Issue.record("\(label): gbstats gives a result, Switchyard none (\(String(describing: comparison.limitation)))")
            return 0
        }
        #expect(ledger.record("estimate", inSpreads(effect.estimate, estimate, standardError)) <= tolerance, "\(label)")
        #expect(ledger.record("standard error", DeviationLedger.relative(actualError, standardError)) <= tolerance, "\(label)")
        #expect(ledger.record("interval bounds", inSpreads(interval.lower, lower, standardError)) <= tolerance, "\(label)")
        #expect(ledger.record("interval bounds", inSpreads(interval.upper, upper, standardError)) <= tolerance, "\(label)")
        #expect(ledger.record("p-value (gbstats, absolute)", abs(actualP - pValue)) <= tolerance, "\(label)")
        if let exactPValue = reference.exactPValue {
            #expect(ledger.record("p-value (scipy t.sf, relative)", DeviationLedger.relative(actualP, exactPValue)) <= tolerance, "\(label)")
        }
        if let degreesOfFreedom = reference.degreesOfFreedom {
            #expect(ledger.record("degrees of freedom", DeviationLedger.relative(comparison.degreesOfFreedom ?? .nan, degreesOfFreedom)) <= tolerance,
                    "\(label)")
        }
        return 1
    }

    /// One Bayesian difference; 1 when its numbers were compared.
    static func checkBayesian(_ item: CupedVectors.Case, _ reference: CupedVectors.Bayesian, _ ledger: inout DeviationLedger) -> Int {
        let label = "\(item.name) Bayesian \(reference.difference) prior \(reference.prior.map { "\($0.mean),\($0.stddev)" } ?? "improper")"
            + "\(reference.inverse ? " lower is better" : "")"
        let prior: BayesianPrior
        do {
            prior = try reference.prior.map { try BayesianPrior(mean: $0.mean, standardDeviation: $0.stddev) } ?? .improper
        } catch {
            Issue.record("\(label): \(error)")
            return 0
        }
        let comparison = BayesianComparison(
            treatment: item.statistic(item.treatment), control: item.statistic(item.control),
            settings: BayesianSettings(prior: prior, alpha: reference.alpha), direction: reference.inverse ? .lowerIsBetter : .higherIsBetter
        )
        let reading = reference.difference == "relative" ? comparison.relative : comparison.absolute
        guard let mean = reference.mean, let spread = reference.standardDeviation, let lower = reference.lower, let upper = reference.upper,
              let chanceToWin = reference.chanceToWin, let riskControl = reference.riskControl, let riskTreatment = reference.riskTreatment
        else {
            // gbstats raises ZeroDivisionError on the absolute difference whenever control is at 0 (it divides by the
            // prior's variance times control², even for the improper prior); Switchyard gives the improper prior's
            // result, the plain difference. Otherwise (no variance, no units, control at 0) neither has a result.
            if reference.gbstatsMessage == "ZeroDivisionError", reference.prior == nil, let effect = reading.effect {
                let arms = RegressionAdjustedArms(treatment: item.statistic(item.treatment), control: item.statistic(item.control))
                #expect(effect.mean == (arms.treatment.estimate ?? .nan) - (arms.control.estimate ?? .nan), "\(label)")
            } else {
                #expect(reading.effect == nil, "\(label): gbstats declines (\(reference.gbstatsMessage ?? "")), Switchyard gives a result")
            }
            return 0
        }
        guard let effect = reading.effect else {
            Issue.record("\(label): gbstats gives a result, Switchyard none (\(String(describing: reading.limitation)))")
            return 0
        }
        #expect(ledger.record("posterior mean", inSpreads(effect.mean, mean, spread)) <= tolerance, "\(label)")
        #expect(ledger.record("posterior standard deviation", DeviationLedger.relative(effect.standardDeviation, spread)) <= tolerance, "\(label)")
        #expect(ledger.record("credible interval bounds", inSpreads(effect.credibleInterval.lower, lower, spread)) <= tolerance, "\(label)")
        #expect(ledger.record("credible interval bounds", inSpreads(effect.credibleInterval.upper, upper, spread)) <= tolerance, "\(label)")
        #expect(ledger.record("chance to win (absolute)", abs(effect.chanceToWin - chanceToWin)) <= tolerance, "\(label)")
        #expect(ledger.record("risks (in posterior sd)", inSpreads(effect.riskOfControl, riskControl, spread)) <= tolerance, "\(label)")
        #expect(ledger.record("risks (in posterior sd)", inSpreads(effect.riskOfTreatment, riskTreatment, spread)) <= tolerance, "\(label)")
        return 1
    }

    /// gbstats declined a frequentist difference: Switchyard has no relative difference when control is 0, and tests
    /// a difference of arms of which only one has no variance (on purpose, as for unadjusted metrics).
    static func checkDeclined(_ label: String, _ message: String?, relative: Bool, comparison: MetricComparison) {
        switch message {
        case "ZERO_NEGATIVE_BASELINE_VARIATION":
            if relative { #expect(comparison.relative?.pValue == nil, "\(label)") }
        case "ZERO_NEGATIVE_VARIANCE":
            break
        default:
            Issue.record("\(label): unexpected gbstats outcome \(message ?? "nil")")
        }
    }
}
