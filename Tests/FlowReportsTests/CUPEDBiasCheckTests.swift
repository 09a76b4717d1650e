import FlowEvents
@testable import FlowReports
import Testing

/// CUPED's pre-exposure bias check: arms whose covariates already differed before exposure (p < 0.001) make the
/// experiment's health fail and the verdict say not to trust it; arms that did not are left alone.
@Suite("Report mode: CUPED's pre-exposure bias check")
struct CUPEDBiasCheckTests {
    /// Twenty users per arm ordering once or twice after exposure; control's users ordered 0 to 2 times in the
    /// lookback, treatment's `treatmentHistory(i)` times.
    /// With `cartGain`, 18 of treatment's users see the cart against 2 of control's, a step the decomposition finds.
    static func log(cartGain: Bool = false, treatmentHistory: (Int) -> Int) -> CUPEDLog {
        CUPEDLog(users: (0..<40).map { index in
            let isTreatment = index >= 20
            let rank = index % 20
            let history = isTreatment ? treatmentHistory(rank) : rank % 3
            return CUPEDLog.User(
                id: "u\(index)", variant: isTreatment ? "B" : "A", exposedAt: Double(index) * 1_800,
                history: Array(repeating: 10, count: history), after: Array(repeating: 10, count: 1 + rank % 2),
                seesCart: cartGain && (isTreatment ? rank < 18 : rank < 2)
            )
        })
    }

    static func report(_ log: CUPEDLog) throws -> ExperimentReport {
        let options = try CUPEDLog.options(metrics: ["orders"], lookbackDays: 14)
        return try #require(try ReportBuilder.report(events: log.events, options: options, inputs: []).experiments.first)
    }

    @Test("treatment's users ordered far more before exposure: imbalanced, a health problem, and a verdict not to trust the result")
    func imbalanced() throws {
        let experiment = try Self.report(Self.log { 5 + $0 % 3 })
        let orders = try #require(experiment.metrics.first)
        let cuped = try #require(orders.cuped)
        #expect(cuped.isImbalanced)
        #expect(try #require(cuped.preExposurePValue) < RegressionAdjustmentReport.imbalanceThreshold)
        #expect(cuped.preExposureDifference == 5)
        #expect(experiment.analysis.health.isHealthy == false)
        let problem = "pre-exposure imbalance in orders: B and A already differed over the 14 days before exposure (p < 0.001); "
            + "check that assignment does not depend on past behaviour before trusting any result"
        #expect(experiment.analysis.health.problems == [problem])
        #expect(experiment.analysis.verdict.hasPrefix("do not trust this result: " + problem), "\(experiment.analysis.verdict)")
        let note = try #require(experiment.metricNotes.first)
        #expect(note.contains("pre-exposure imbalance: the arms already differed before exposure (p < 0.001)"), "\(note)")
        #expect(experiment.healthDescription?.hasSuffix("; pre-exposure IMBALANCE in orders (B, p < 0.001)") == true,
                "\(experiment.healthDescription ?? "")")
        let table = TableRenderer(colors: false).render(try ReportBuilder.report(
            events: Self.log { 5 + $0 % 3 }.events, options: try CUPEDLog.options(metrics: ["orders"], lookbackDays: 14), inputs: []
        ))
        #expect(table.contains("pre-exposure IMBALANCE in orders (B, p < 0.001)"))
    }

    @Test("the imbalance replaces the verdict's own words as the other health problems do; the step decomposition's clause stays")
    func clausesAfterTheVerdict() throws {
        let balanced = try Self.report(Self.log(cartGain: true) { $0 % 3 })
        let summary = try #require(balanced.stepDecompositions.first?.verdictSummary)
        #expect(summary.hasPrefix("B step by step: gains at \"cart\""), "\(summary)")
        #expect(balanced.analysis.verdict.hasSuffix("; " + summary))
        let imbalanced = try Self.report(Self.log(cartGain: true) { 5 + $0 % 3 })
        let problems = imbalanced.analysis.health.problems
        #expect(problems.count == 1)
        #expect(imbalanced.analysis.verdict == "do not trust this result: " + problems.joined(separator: "; ") + "; " + summary)
    }

    @Test("treatment's users ordered as control's did: not flagged, healthy, the verdict as without CUPED")
    func balanced() throws {
        let balanced = Self.log { $0 % 3 }
        let experiment = try Self.report(balanced)
        let cuped = try #require(experiment.metrics.first?.cuped)
        #expect(!cuped.isImbalanced)
        #expect(try #require(cuped.preExposurePValue) > 0.5)
        #expect(experiment.analysis.health.isHealthy)
        #expect(experiment.analysis.health.problems.isEmpty)
        #expect(!experiment.analysis.verdict.contains("do not trust"))
        #expect(experiment.healthDescription?.contains("pre-exposure balance ok (smallest p ") == true, "\(experiment.healthDescription ?? "")")
        let unadjusted = try ReportBuilder.report(
            events: balanced.events, options: try CUPEDLog.options(metrics: ["orders"], lookbackDays: nil), inputs: []
        )
        #expect(experiment.analysis.verdict == unadjusted.experiments.first?.analysis.verdict)
    }
}
