import Foundation
import Testing
@testable import FlowReports

/// The Bayesian results of every metric kind against gbstats 0.8.0's `EffectBayesianABTest`, and their chance to win
/// and risks against exact values, on the vectors of `Reference/generate_bayesian_vectors.py`.
///
/// Tolerances against gbstats, all 1e-9: the posterior standard deviation relative; the posterior mean and the interval bounds
/// relative to the larger of the value and the posterior standard deviation (so a relative effect near 0 is checked
/// in units of its spread); gbstats' chance to win absolute (its `1 − sf` for lower-is-better rounds small chances);
/// gbstats' risks relative to the larger of the risk and the posterior standard deviation (scipy's truncated normal
/// loses the digits of risks far below it: 0 where the exact one is 1e-37). Against the exact chances and risks,
/// 1e-11 relative: tight enough to tell the continued fraction from the textbook subtraction (1e-10 off at 30 sd).
@Suite("Bayesian results agree with gbstats 0.8.0's EffectBayesianABTest and with exact tails")
struct BayesianReferenceTests {
    static let tolerance = 1e-9
    static let exactTolerance = 1e-11

    @Test("every metric kind, both differences, both priors, both directions, and the cases gbstats declines")
    func everyResult() throws {
        let vectors = try BayesianVectors.load()
        #expect(vectors.gbstats == "0.8.0")
        #expect(vectors.cases.count >= 250)
        var ledger = DeviationLedger()
        var tally = Tally()
        for item in vectors.cases {
            let (control, treatment) = (item.control, item.treatment)
            switch item.kind {
            case "proportion": Self.check(item, control: control.proportion, treatment: treatment.proportion, &ledger, &tally)
            case "mean": Self.check(item, control: control.mean, treatment: treatment.mean, &ledger, &tally)
            case "ratio": Self.check(item, control: control.ratio, treatment: treatment.ratio, &ledger, &tally)
            case "quantile": Self.check(item, control: control.quantile, treatment: treatment.quantile, &ledger, &tally)
            default: Issue.record("unknown kind \(item.kind)")
            }
        }
        #expect(tally.computed >= 1000 && tally.declined >= 100, "\(tally)")
        #expect(Set(tally.kindsComputed) == ["proportion", "mean", "ratio", "quantile"])
        print("Bayesian results: \(tally.computed) computed, \(tally.declined) declined; worst deviation:\n\(ledger.summary)")
    }

    struct Tally {
        var computed = 0
        var declined = 0
        var kindsComputed: Set<String> = []
    }

    static func check<Statistic: MetricArmStatistic>(
        _ item: BayesianVectors.Case, control: Statistic, treatment: Statistic, _ ledger: inout DeviationLedger, _ tally: inout Tally
    ) {
        for (statistic, reference) in [(control, item.controlStatistic), (treatment, item.treatmentStatistic)] where reference.variance > 0 {
            #expect(ledger.record("arm unit variance", DeviationLedger.relative(statistic.unitVariance, reference.variance)) <= tolerance, "\(item.name)")
        }
        for result in item.results {
            let label = "\(item.name) \(result.difference) prior \(result.prior.map { "\($0.mean),\($0.stddev)" } ?? "improper")"
                + " alpha \(result.alpha)\(result.inverse ? " lower is better" : "")"
            let prior: BayesianPrior
            do {
                prior = try result.prior.map { try BayesianPrior(mean: $0.mean, standardDeviation: $0.stddev) } ?? .improper
            } catch {
                Issue.record("\(label): \(error)")
                continue
            }
            let comparison = BayesianComparison(
                treatment: treatment, control: control, settings: BayesianSettings(prior: prior, alpha: result.alpha),
                direction: result.inverse ? .lowerIsBetter : .higherIsBetter
            )
            let reading = result.difference == "relative" ? comparison.relative : comparison.absolute
            guard let expected = result.expected else {
                tally.declined += 1
                checkDeclined(label, reading, result)
                continue
            }
            guard let effect = reading.effect else {
                Issue.record("\(label): gbstats gives a result, Switchyard none (\(String(describing: reading.limitation)))")
                continue
            }
            tally.computed += 1
            tally.kindsComputed.insert(item.kind)
            #expect(expected.riskType == result.difference, "\(label)")
            checkNumbers(label, effect, expected, result.exact, &ledger)
        }
    }

    /// Every number of one result against gbstats' and the exact tails.
    static func checkNumbers(
        _ label: String, _ effect: BayesianEffect, _ expected: BayesianVectors.Numbers, _ exact: BayesianVectors.Exact?,
        _ ledger: inout DeviationLedger
    ) {
        let spread = expected.standardDeviation
        func inSpreads(_ actual: Double, _ reference: Double) -> Double {
            actual == reference ? 0 : abs(actual - reference) / max(abs(reference), spread)
        }
        #expect(ledger.record("posterior mean", inSpreads(effect.mean, expected.mean)) <= tolerance, "\(label)")
        #expect(ledger.record("posterior standard deviation", DeviationLedger.relative(effect.standardDeviation, spread)) <= tolerance, "\(label)")
        #expect(ledger.record("credible interval bounds", inSpreads(effect.credibleInterval.lower, expected.lower)) <= tolerance, "\(label)")
        #expect(ledger.record("credible interval bounds", inSpreads(effect.credibleInterval.upper, expected.upper)) <= tolerance, "\(label)")
        #expect(ledger.record("chance to win (gbstats, absolute)", abs(effect.chanceToWin - expected.chanceToWin)) <= tolerance, "\(label)")
        #expect(ledger.record("risks (gbstats, in posterior sd)", inSpreads(effect.riskOfControl, expected.riskControl)) <= tolerance, "\(label)")
        #expect(ledger.record("risks (gbstats, in posterior sd)", inSpreads(effect.riskOfTreatment, expected.riskTreatment)) <= tolerance, "\(label)")
        guard let exact else {
            Issue.record("\(label): no exact values")
            return
        }
        #expect(ledger.record("chance to win (exact, relative)", DeviationLedger.relative(effect.chanceToWin, exact.chanceToWin)) <= exactTolerance, "\(label)")
        #expect(ledger.record("risks (exact, relative)", DeviationLedger.relative(effect.riskOfControl, exact.riskControl)) <= exactTolerance, "\(label)")
        #expect(ledger.record("risks (exact, relative)", DeviationLedger.relative(effect.riskOfTreatment, exact.riskTreatment)) <= exactTolerance, "\(label)")
    }

    /// gbstats declined (or raised): Switchyard has no result either, for a reason of the same kind.
    static func checkDeclined(_ label: String, _ reading: BayesianReading, _ result: BayesianVectors.Result) {
        guard let limitation = reading.limitation else {
            Issue.record("\(label): gbstats declines (\(result.gbstatsMessage ?? "no message")), Switchyard gives a result")
            return
        }
        // Switchyard also declines a ratio whose denominator's interval reaches 0 (Fieller), where gbstats goes on.
        let armReasons: Set<BayesianLimitation> = [.emptyArm, .ratioDenominatorZero, .ratioDenominatorUncertain, .tooFewValuesForQuantile, .noVariance]
        switch result.gbstatsMessage {
        case "NO_UNITS_IN_VARIATION":
            #expect(limitation == .emptyArm, "\(label): \(limitation)")
        case "ZERO_NEGATIVE_VARIANCE":
            #expect([.ratioDenominatorZero, .ratioDenominatorUncertain, .tooFewValuesForQuantile, .noVariance].contains(limitation), "\(label): \(limitation)")
        case "ZERO_NEGATIVE_BASELINE_VARIATION":
            // gbstats looks at control's mean first; Switchyard names an arm's own limitation first.
            #expect(limitation == .controlEstimateZero || armReasons.contains(limitation), "\(label): \(limitation)")
        case "ZeroDivisionError":
            // gbstats divides by the prior's absolute variance, 0 when control's mean is 0.
            #expect(result.difference == "absolute" && result.prior != nil && limitation == .controlEstimateZero, "\(label): \(limitation)")
        default:
            Issue.record("\(label): unexpected gbstats outcome \(result.gbstatsMessage ?? "nil")")
        }
    }
}
