import Foundation
import Testing
@testable import FlowReports

@Suite("Verdict wording")
struct VerdictTests {
    private func verdict(
        control: ArmCounts, treatments: [(String, ArmCounts)], weights: [Double]? = nil
    ) -> String {
        ExperimentStatistics.analyze(
            control: ("signup-before-profile", control), treatments: treatments.map { (name: $0.0, counts: $0.1) },
            weights: weights, settings: ComparisonSettings()
        ).verdict
    }

    @Test("a significant improvement says how much, with its interval and p-value, and ships")
    func shipIt() {
        let text = verdict(
            control: ArmCounts(users: 10_000, conversions: 1000),
            treatments: [("signup-after-profile", ArmCounts(users: 10_000, conversions: 1200))]
        )
        #expect(text == "signup-after-profile converts 2.0 pp better than signup-before-profile (95% CI 1.1 to 2.9 pp), p < 0.001: ship it")
    }

    @Test("a significant loss keeps control")
    func keepControl() {
        let text = verdict(
            control: ArmCounts(users: 10_000, conversions: 1200),
            treatments: [("signup-after-profile", ArmCounts(users: 10_000, conversions: 1000))]
        )
        #expect(text == "signup-after-profile converts 2.0 pp worse than signup-before-profile (95% CI -2.9 to -1.1 pp), p < 0.001: keep control")
    }

    @Test("an underpowered difference does not ask for more users to chase it: it says what the test can detect")
    func noChasingNoise() {
        let text = verdict(
            control: ArmCounts(users: 1000, conversions: 100),
            treatments: [("signup-after-profile", ArmCounts(users: 1000, conversions: 110))]
        )
        #expect(!text.contains("more users"))
        #expect(text.hasPrefix("no significant difference between signup-after-profile and signup-before-profile "
            + "(+1.0 pp, 95% CI -1.7 to 3.7 pp, p = 0.47): the test would detect"))
    }

    @Test("with a planned effect, a result short of the planned sample size says to keep running to it")
    func keepRunning() {
        // statsmodels NormalIndPower().solve_power: 3,834.6 users per arm detect 10% → 12% with 80% power at alpha 0.05.
        let text = ExperimentStatistics.analyze(
            control: ("signup-before-profile", ArmCounts(users: 1000, conversions: 100)),
            treatments: [("signup-after-profile", ArmCounts(users: 1000, conversions: 110))], weights: nil,
            settings: ComparisonSettings(plannedEffect: 0.02)
        ).verdict
        #expect(text == "keep running to the planned sample size: 1,000 of 3,835 users per arm planned to detect 2.0 pp "
            + "(signup-after-profile vs signup-before-profile: +1.0 pp, 95% CI -1.7 to 3.7 pp, p = 0.47)")
    }

    @Test("with a planned effect, no winner at the planned sample size keeps control")
    func noWinnerAtPlannedSize() {
        let text = ExperimentStatistics.analyze(
            control: ("signup-before-profile", ArmCounts(users: 4000, conversions: 400)),
            treatments: [("signup-after-profile", ArmCounts(users: 4000, conversions: 410))], weights: nil,
            settings: ComparisonSettings(plannedEffect: 0.02)
        ).verdict
        #expect(text.hasPrefix("no winner at the planned sample size (3,835 users per arm planned to detect 2.0 pp): keep control"))
    }

    @Test("a difference too small to chase is no significant difference, with what the test can detect")
    func noSignificantDifference() {
        let text = verdict(
            control: ArmCounts(users: 100_000, conversions: 10_000),
            treatments: [("signup-after-profile", ArmCounts(users: 100_000, conversions: 10_010))]
        )
        #expect(text == "no significant difference between signup-after-profile and signup-before-profile "
            + "(+0.01 pp, 95% CI -0.25 to 0.27 pp, p = 0.94): the test would detect 0.4 pp or more with 80% power")
    }

    @Test("a sample-ratio mismatch overrides every other conclusion")
    func sampleRatioMismatch() {
        let text = verdict(
            control: ArmCounts(users: 5000, conversions: 500),
            treatments: [("signup-after-profile", ArmCounts(users: 5400, conversions: 700))], weights: [1, 1]
        )
        #expect(text == "do not trust this result: sample ratio mismatch: users per arm 5,000 / 5,400 do not fit the configured 50% / 50% split "
            + "(chi-square p < 0.001); fix assignment before trusting any result")
    }

    @Test("with several treatments p-values are Holm-adjusted and only the best winner ships")
    func severalTreatments() {
        let text = verdict(
            control: ArmCounts(users: 10_000, conversions: 1000),
            treatments: [
                ("b", ArmCounts(users: 10_000, conversions: 1150)), ("c", ArmCounts(users: 10_000, conversions: 1300)),
                ("d", ArmCounts(users: 10_000, conversions: 1010)),
            ]
        )
        let clauses = text.components(separatedBy: "; ")
        #expect(clauses.count == 3)
        #expect(clauses[0].hasPrefix("b converts 1.5 pp better than signup-before-profile") && clauses[0].contains("Holm-adjusted p = 0.00"))
        #expect(clauses[0].hasSuffix(": beats signup-before-profile, but c converts better"))
        #expect(clauses[1].hasPrefix("c converts 3.0 pp better") && clauses[1].hasSuffix("Holm-adjusted p < 0.001: ship it"))
        #expect(clauses[2].hasPrefix("no significant difference between d and signup-before-profile"))
    }

    @Test("p-values read p < 0.001, three decimals below 0.1, two above, and never round across alpha")
    func pValueFormatting() {
        #expect(StatisticsFormatting.pValue(0.0004, alpha: 0.05) == "p < 0.001")
        #expect(StatisticsFormatting.pValue(0.0123, alpha: 0.05) == "p = 0.012")
        #expect(StatisticsFormatting.pValue(0.6234, alpha: 0.05) == "p = 0.62")
        #expect(StatisticsFormatting.pValue(0.049_96, alpha: 0.05) == "p = 0.04996")
        #expect(StatisticsFormatting.pValue(0.9996, alpha: 0.05) == "p > 0.999")
    }

    @Test("counts are grouped by thousands and approximated to three significant digits")
    func countFormatting() {
        #expect(StatisticsFormatting.approximateCount(12_437) == "12,400")
        #expect(StatisticsFormatting.approximateCount(999) == "999")
        #expect(StatisticsFormatting.approximateCount(9_996) == "10,000")
        #expect(StatisticsFormatting.approximateCount(1_234_567) == "1,230,000")
        #expect(!StatisticsFormatting.approximateCount(Int.max).isEmpty)
        #expect(ReportNumberFormat.count(-1_234) == "-1,234")
    }
}
