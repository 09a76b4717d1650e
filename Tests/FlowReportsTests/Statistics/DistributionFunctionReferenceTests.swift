import Testing
@testable import FlowReports

@Suite("Distribution functions agree with scipy")
struct DistributionFunctionReferenceTests {
    let vectors: StatisticsVectors

    init() throws {
        vectors = try StatisticsVectors.load()
    }

    @Test("normal CDF and survival match scipy.stats.norm to 1e-9 relative, out to 1e-300 tails")
    func normalCDF() {
        var ledger = DeviationLedger()
        for reference in vectors.normalCDF {
            let cdf = ledger.record("normal cdf", DeviationLedger.relative(NormalDistribution.cdf(reference.x), reference.cdf))
            let sf = ledger.record("normal sf", DeviationLedger.relative(NormalDistribution.survival(reference.x), reference.sf))
            #expect(cdf < 1e-9, "cdf(\(reference.x))")
            #expect(sf < 1e-9, "sf(\(reference.x))")
        }
        print("worst deviation from scipy:\n\(ledger.summary)")
    }

    @Test("normal quantile (AS 241) matches scipy.stats.norm.ppf to 1e-9 relative for p from 1e-300 to 1 − 1e-16")
    func normalQuantile() {
        var ledger = DeviationLedger()
        for reference in vectors.normalQuantile {
            let actual = NormalDistribution.quantile(reference.p)
            let deviation = ledger.record("normal quantile", DeviationLedger.relative(actual, reference.x))
            #expect(deviation < 1e-9, "quantile(\(reference.p)) = \(actual), scipy \(reference.x)")
        }
        print("worst deviation from scipy:\n\(ledger.summary)")
    }

    @Test("chi-square survival matches scipy.stats.chi2.sf to 1e-9 relative for df 1…50 and far tails")
    func chiSquareSurvival() {
        var ledger = DeviationLedger()
        for reference in vectors.chiSquareSurvival {
            let actual = ChiSquareDistribution.survival(x: reference.x, degreesOfFreedom: reference.degreesOfFreedom)
            let deviation = ledger.record("chi-square sf", DeviationLedger.relative(actual, reference.survival))
            #expect(deviation < 1e-9, "sf(\(reference.x), df \(reference.degreesOfFreedom)) = \(actual)")
        }
        print("worst deviation from scipy:\n\(ledger.summary)")
    }

    @Test("regularized incomplete gamma P and Q match scipy.special.gammainc/gammaincc to 1e-9 relative")
    func incompleteGamma() {
        var ledger = DeviationLedger()
        for reference in vectors.incompleteGamma {
            let lower = GammaFunction.regularizedLowerIncomplete(a: reference.a, x: reference.x)
            let upper = GammaFunction.regularizedUpperIncomplete(a: reference.a, x: reference.x)
            // The complement of a value near 1 carries that value's absolute rounding, so compare it absolutely too.
            let lowerDeviation = ledger.record(
                "gamma P", min(DeviationLedger.relative(lower, reference.lower), abs(lower - reference.lower) * 1e3)
            )
            let upperDeviation = ledger.record(
                "gamma Q", min(DeviationLedger.relative(upper, reference.upper), abs(upper - reference.upper) * 1e3)
            )
            #expect(lowerDeviation < 1e-9, "P(\(reference.a), \(reference.x)) = \(lower)")
            #expect(upperDeviation < 1e-9, "Q(\(reference.a), \(reference.x)) = \(upper)")
        }
        print("worst deviation from scipy:\n\(ledger.summary)")
    }

    @Test("regularized incomplete beta matches scipy.special.betainc to 1e-9")
    func incompleteBeta() {
        var ledger = DeviationLedger()
        for reference in vectors.incompleteBeta {
            let actual = BetaFunction.regularizedIncomplete(x: reference.x, a: reference.a, b: reference.b)
            let deviation = ledger.record(
                "incomplete beta", min(DeviationLedger.relative(actual, reference.value), abs(actual - reference.value) * 1e3)
            )
            #expect(deviation < 1e-9, "I(\(reference.x); \(reference.a), \(reference.b)) = \(actual), scipy \(reference.value)")
        }
        print("worst deviation from scipy:\n\(ledger.summary)")
    }

    @Test("log beta matches 50-digit mpmath to 1e-12, including arguments up to 1e15")
    func logBeta() {
        var ledger = DeviationLedger()
        for reference in vectors.logBeta {
            let actual = BetaFunction.logBeta(reference.a, reference.b)
            let deviation = ledger.record("log beta", DeviationLedger.scaled(actual, reference.value))
            #expect(deviation < 1e-12, "logBeta(\(reference.a), \(reference.b)) = \(actual), scipy \(reference.value)")
        }
        print("worst deviation from mpmath:\n\(ledger.summary)")
    }
}
