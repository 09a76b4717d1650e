import Foundation
import Testing
@testable import FlowReports

/// Every statistic of the metrics a team defines against GrowthBook's gbstats 0.8.0 (and scipy, numpy), on the
/// vectors of `Reference/generate_gbstats_vectors.py`.
///
/// Tolerances: estimates and sums 1e-12 (scaled: relative above 1, absolute below); unit variances, standard
/// errors and degrees of freedom 1e-9 relative; interval bounds 1e-9 of the interval's largest magnitude;
/// p-values 1e-9 relative against the exact tail (scipy's t.sf) and 1e-12 absolute against gbstats' own
/// 2·(1 − cdf), whose small p-values are rounded; order statistics and n* exactly.
@Suite("The statistics of the metrics a team defines agree with gbstats 0.8.0, scipy and numpy")
struct MetricStatisticsReferenceTests {
    typealias Vectors = GbstatsVectors

    @Test("from per-user values: caps (PERCENTILE_CONT), sums, nearest-rank order statistics and every comparison")
    func valueCases() throws {
        let vectors = try Vectors.load()
        #expect(vectors.gbstats == "0.8.0")
        #expect(vectors.nStarGrid == QuantileArmStatistic.nStarGrid)
        #expect(vectors.valueCases.count >= 100)
        var ledger = DeviationLedger()
        for item in vectors.valueCases {
            let expected = item.expected
            let pooled = (item.control.values ?? item.control.numerators ?? []) + (item.treatment.values ?? item.treatment.numerators ?? [])
            let threshold = item.cap?.metricCap.thresholds(pooledValues: pooled)?.upper
            if let reference = expected.capThreshold {
                let actual = try #require(threshold, "\(item.name): no cap")
                #expect(ledger.record("cap threshold", DeviationLedger.scaled(actual, reference)) <= 1e-12, "\(item.name)")
            } else {
                #expect(threshold == nil, "\(item.name)")
            }
            let controlSums = try #require(expected.control)
            let treatmentSums = try #require(expected.treatment)
            let capped = { (values: [Double]?) in (values ?? []).map { MetricCap.Thresholds(lower: nil, upper: threshold).apply(to: $0) } }
            switch item.kind {
            case "proportion":
                var control = ProportionArmStatistic(users: 0, successes: 0)
                var treatment = control
                for value in item.control.values ?? [] { control.add(converted: value == 1) }
                for value in item.treatment.values ?? [] { treatment.add(converted: value == 1) }
                #expect(control.count == controlSums.n && Double(control.successes) == controlSums.sum, "\(item.name)")
                #expect(treatment.count == treatmentSums.n && Double(treatment.successes) == treatmentSums.sum, "\(item.name)")
                Self.check(item.name, control: control, treatment: treatment, item.alpha, item.tuningUsers, expected, &ledger)
            case "mean":
                let control = MeanArmStatistic(values: capped(item.control.values))
                let treatment = MeanArmStatistic(values: capped(item.treatment.values))
                for (statistic, sums) in [(control, controlSums), (treatment, treatmentSums)] {
                    #expect(statistic.count == sums.n, "\(item.name)")
                    #expect(ledger.record("sum", DeviationLedger.scaled(statistic.sum.doubleValue, sums.sum ?? .nan)) <= 1e-12, "\(item.name)")
                    #expect(ledger.record("sum of squares", DeviationLedger.scaled(statistic.sumOfSquares.doubleValue, sums.sumOfSquares ?? .nan)) <= 1e-12)
                }
                Self.check(item.name, control: control, treatment: treatment, item.alpha, item.tuningUsers, expected, &ledger)
            case "ratio":
                let binary = item.numeratorIsBinary ?? false
                func statistic(_ arm: Vectors.Arm) -> RatioArmStatistic {
                    var statistic = RatioArmStatistic(numeratorIsBinary: binary)
                    for (numerator, denominator) in zip(capped(arm.numerators), arm.denominators ?? []) {
                        statistic.add(numerator: numerator, denominator: denominator)
                    }
                    return statistic
                }
                let control = statistic(item.control)
                let treatment = statistic(item.treatment)
                for (statistic, sums) in [(control, controlSums), (treatment, treatmentSums)] {
                    #expect(statistic.count == sums.n, "\(item.name)")
                    let reference = sums.ratio
                    for (actual, expected) in [
                        (statistic.numerator.sum.doubleValue, reference.numerator.sum.doubleValue),
                        (statistic.numerator.sumOfSquares.doubleValue, reference.numerator.sumOfSquares.doubleValue),
                        (statistic.denominator.sum.doubleValue, reference.denominator.sum.doubleValue),
                        (statistic.denominator.sumOfSquares.doubleValue, reference.denominator.sumOfSquares.doubleValue),
                        (statistic.sumOfProducts.doubleValue, reference.sumOfProducts.doubleValue),
                    ] {
                        #expect(ledger.record("ratio sums", DeviationLedger.scaled(actual, expected)) <= 1e-12, "\(item.name)")
                    }
                }
                Self.check(item.name, control: control, treatment: treatment, item.alpha, item.tuningUsers, expected, &ledger)
            case "quantile":
                let level = try #require(item.level)
                let control = QuantileArmStatistic(values: capped(item.control.values), level: level)
                let treatment = QuantileArmStatistic(values: capped(item.treatment.values), level: level)
                for (statistic, sums) in [(control, controlSums), (treatment, treatmentSums)] {
                    #expect(statistic.count == sums.n && statistic.nStar == sums.nStar, "\(item.name)")
                    #expect(statistic.estimate == sums.estimate, "\(item.name): quantile \(String(describing: statistic.estimate))")
                    #expect(statistic.lowerBound == sums.lower && statistic.upperBound == sums.upper, "\(item.name): bounds")
                }
                Self.check(item.name, control: control, treatment: treatment, item.alpha, item.tuningUsers, expected, &ledger)
            default:
                Issue.record("unknown kind \(item.kind)")
            }
        }
        print("worst deviation from gbstats 0.8.0 (per-user cases):\n\(ledger.summary)")
    }

    @Test("from sums up to millions of users, and at gbstats' edges: every comparison")
    func summaryCases() throws {
        let cases = try Vectors.load().summaryCases
        #expect(cases.count >= 80)
        var ledger = DeviationLedger()
        for item in cases {
            let (control, treatment, expected) = (item.control, item.treatment, item.expected)
            switch item.kind {
            case "proportion":
                Self.check(item.name, control: control.proportion, treatment: treatment.proportion, item.alpha, item.tuningUsers, expected, &ledger)
            case "mean":
                Self.check(item.name, control: control.mean, treatment: treatment.mean, item.alpha, item.tuningUsers, expected, &ledger)
            case "ratio":
                Self.check(item.name, control: control.ratio, treatment: treatment.ratio, item.alpha, item.tuningUsers, expected, &ledger)
            case "quantile":
                Self.check(item.name, control: control.quantile, treatment: treatment.quantile, item.alpha, item.tuningUsers, expected, &ledger)
            default:
                Issue.record("unknown kind \(item.kind)")
            }
        }
        print("worst deviation from gbstats 0.8.0 (sums):\n\(ledger.summary)")
    }

    @Test("mean metrics: the fixed-horizon test is scipy.stats.ttest_ind(equal_var=False) on the capped per-user values")
    func meansMatchScipy() throws {
        var ledger = DeviationLedger()
        var compared = 0
        for item in try Vectors.load().valueCases where item.kind == "mean" {
            guard let scipy = item.expected.scipy, item.expected.gbstatsMessage == nil else { continue }
            let threshold = item.cap?.metricCap.thresholds(pooledValues: (item.control.values ?? []) + (item.treatment.values ?? []))?.upper
            let control = MeanArmStatistic(values: (item.control.values ?? []).map { MetricCap.Thresholds(lower: nil, upper: threshold).apply(to: $0) })
            let treatment = MeanArmStatistic(values: (item.treatment.values ?? []).map { MetricCap.Thresholds(lower: nil, upper: threshold).apply(to: $0) })
            let comparison = MetricComparison(treatment: treatment, control: control, settings: ComparisonSettings(alpha: item.alpha))
            let absolute = try #require(comparison.absolute)
            let interval = try #require(absolute.interval)
            let scale = max(abs(scipy.lower), abs(scipy.upper))
            #expect(ledger.record("scipy lower", abs(interval.lower - scipy.lower) / scale) <= 1e-8, "\(item.name)")
            #expect(ledger.record("scipy upper", abs(interval.upper - scipy.upper) / scale) <= 1e-8, "\(item.name)")
            #expect(ledger.record("scipy p-value", DeviationLedger.relative(absolute.pValue ?? .nan, scipy.pValue)) <= 1e-8, "\(item.name)")
            #expect(ledger.record("scipy dof", DeviationLedger.relative(comparison.degreesOfFreedom ?? .nan, scipy.degreesOfFreedom)) <= 1e-8)
            compared += 1
        }
        #expect(compared >= 30)
        print("worst deviation from scipy (sums of squares against scipy's two-pass moments):\n\(ledger.summary)")
    }

    // MARK: checking one comparison

    /// Checks both arms' statistics and the four comparisons (fixed and sequential, absolute and relative).
    static func check<Statistic: MetricArmStatistic>(
        _ name: String, control: Statistic, treatment: Statistic, _ alpha: Double, _ tuningUsers: Double,
        _ expected: Vectors.Expected, _ ledger: inout DeviationLedger
    ) {
        for (statistic, reference) in [(control, expected.controlStatistic), (treatment, expected.treatmentStatistic)] {
            if let estimate = statistic.estimate {
                #expect(ledger.record("arm estimate", DeviationLedger.scaled(estimate, reference.estimate)) <= 1e-12, "\(name)")
            } else {
                #expect(reference.estimate == 0, "\(name): gbstats has an estimate where Switchyard has none")
            }
            let variance = max(reference.variance, 0)
            let deviation = variance == 0 ? statistic.unitVariance : DeviationLedger.relative(statistic.unitVariance, variance)
            #expect(ledger.record("arm unit variance", deviation) <= 1e-9, "\(name): \(statistic.unitVariance) vs \(reference.variance)")
        }
        let fixed = MetricComparison(treatment: treatment, control: control, settings: ComparisonSettings(alpha: alpha))
        let sequential = MetricComparison(
            treatment: treatment, control: control, settings: ComparisonSettings(alpha: alpha, method: .sequential(tuningUsers: tuningUsers))
        )
        switch expected.gbstatsMessage {
        case nil:
            #expect(fixed.limitation == nil && fixed.relativeLimitation == nil, "\(name)")
            checkDegreesOfFreedom(name, fixed, expected, &ledger)
            checkEffect("fixed absolute", name, fixed.absolute, expected.fixedAbsolute, &ledger)
            checkEffect("fixed relative", name, fixed.relative, expected.fixedRelative, &ledger)
            checkEffect("sequential absolute", name, sequential.absolute, expected.sequentialAbsolute, &ledger)
            checkEffect("sequential relative", name, sequential.relative, expected.sequentialRelative, &ledger)
        case "ZERO_NEGATIVE_BASELINE_VARIATION":
            // gbstats returns nothing; Switchyard keeps the absolute difference, by gbstats' own formulas.
            #expect(fixed.relative == nil && sequential.relative == nil, "\(name)")
            if expected.fixedAbsolute != nil {
                #expect(fixed.relativeLimitation == .controlEstimateZero && fixed.limitation == nil, "\(name)")
                checkDegreesOfFreedom(name, fixed, expected, &ledger)
                checkEffect("fixed absolute", name, fixed.absolute, expected.fixedAbsolute, &ledger)
                checkEffect("sequential absolute", name, sequential.absolute, expected.sequentialAbsolute, &ledger)
            } else {
                checkOneArmWithoutVariance(name, treatment: treatment, control: control, fixed: fixed, sequential: sequential, expected)
            }
        default:
            checkOneArmWithoutVariance(name, treatment: treatment, control: control, fixed: fixed, sequential: sequential, expected)
        }
    }

    /// gbstats declines when either arm's values never vary; Switchyard, as Welch's test, only when neither arm's
    /// vary or an arm has fewer than 2 values (MetricComparisonEdgeTests checks the tested case against Welch). A
    /// quantile arm whose bounds are equal is never tested (its variance is a floor, not an estimate).
    private static func checkOneArmWithoutVariance<Statistic: MetricArmStatistic>(
        _ name: String, treatment: Statistic, control: Statistic, fixed: MetricComparison, sequential: MetricComparison,
        _ expected: Vectors.Expected
    ) {
        let treatmentVariance: Double = treatment.unitVariance
        let controlVariance: Double = control.unitVariance
        let bothCounted = treatment.count >= 2 && control.count >= 2
        let eitherVaries = treatmentVariance > 0 || controlVariance > 0
        let arms: [(MetricComparisonLimitation?, Double)] = [(treatment.limitation, treatmentVariance), (control.limitation, controlVariance)]
        let oneArmVaries = bothCounted && eitherVaries && arms.allSatisfy { $0.0 == nil || $0.0 == .noVariance && $0.1 == 0 }
        if oneArmVaries {
            let estimate = fixed.absolute?.estimate ?? .nan
            let interval = fixed.absolute?.interval
            #expect(fixed.limitation == nil && interval.map { $0.lower <= estimate && estimate <= $0.upper } == true,
                    "\(name): one arm varies, so the difference is tested")
            #expect((0...1).contains(fixed.pValue) && (0...1).contains(sequential.pValue), "\(name)")
        } else {
            #expect(fixed.limitation != nil && fixed.absolute?.interval == nil && fixed.pValue == 1, "\(name): \(String(describing: expected.gbstatsMessage))")
            #expect(sequential.limitation != nil && sequential.relative?.interval == nil && sequential.pValue == 1, "\(name)")
        }
    }

    private static func checkDegreesOfFreedom(_ name: String, _ comparison: MetricComparison, _ expected: Vectors.Expected, _ ledger: inout DeviationLedger) {
        guard let reference = expected.degreesOfFreedom else {
            Issue.record("\(name): no reference degrees of freedom")
            return
        }
        let deviation = DeviationLedger.relative(comparison.degreesOfFreedom ?? .nan, reference)
        #expect(ledger.record("degrees of freedom", deviation) <= 1e-9, "\(name)")
    }

    private static func checkEffect(
        _ quantity: String, _ name: String, _ actual: MetricEffect?, _ reference: Vectors.Effect?, _ ledger: inout DeviationLedger
    ) {
        guard let reference else {
            Issue.record("\(name): no gbstats \(quantity)")
            return
        }
        guard let actual, let interval = actual.interval, let pValue = actual.pValue, let standardError = actual.standardError else {
            Issue.record("\(name): \(quantity) has no inference, gbstats has \(reference)")
            return
        }
        #expect(ledger.record("\(quantity) estimate", DeviationLedger.scaled(actual.estimate, reference.estimate)) <= 1e-12, "\(name)")
        #expect(ledger.record("\(quantity) standard error", DeviationLedger.relative(standardError, reference.standardError)) <= 1e-9, "\(name)")
        let scale = max(abs(reference.lower), abs(reference.upper), 1e-300)
        #expect(ledger.record("\(quantity) lower", abs(interval.lower - reference.lower) / scale) <= 1e-9, "\(name)")
        #expect(ledger.record("\(quantity) upper", abs(interval.upper - reference.upper) / scale) <= 1e-9, "\(name)")
        if let exact = reference.exactPValue {
            #expect(ledger.record("\(quantity) p-value (exact tail)", DeviationLedger.relative(pValue, exact)) <= 1e-9, "\(name): \(pValue) vs \(exact)")
            #expect(ledger.record("\(quantity) p-value (gbstats, absolute)", abs(pValue - reference.pValue)) <= 1e-12, "\(name)")
        } else {
            #expect(ledger.record("\(quantity) p-value", DeviationLedger.relative(pValue, reference.pValue)) <= 1e-9, "\(name): \(pValue) vs \(reference.pValue)")
        }
    }
}
