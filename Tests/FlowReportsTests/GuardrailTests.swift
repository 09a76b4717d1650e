import FlowEvents
@testable import FlowReports
import Testing

/// Guardrail and secondary metrics beside the goal, corrected across metrics and variants.
@Suite("Report mode: guardrail and secondary metrics")
struct GuardrailTests {
    /// 40 users per arm; all complete. In A every fourth user goes back once; in B every user goes back twice and
    /// takes 20-24 s instead of 10-14 s.
    static var log: [FlowEvent] {
        var script = EventScript()
        for index in 0..<80 {
            let user = "u\(index)"
            let isB = index % 2 == 1
            let start = Double(index * 100)
            script.expose(user, to: isB ? "B" : "A", at: start)
            if isB || index % 8 == 0 {
                script.add(.back, user: user, at: start + 1, screen: "signup")
                if isB { script.add(.back, user: user, at: start + 2, screen: "signup") }
            }
            let duration = (isB ? 20.0 : 10.0) + Double(index % 5)
            script.add(.flowCompleted, user: user, at: start + duration)
        }
        return script.events
    }

    static func experiment(correction: MultipleComparisonCorrection = .holm) throws -> ExperimentReport {
        let configuration = ExperimentAnalysisPlan(
            variations: ["A", "B"], guardrails: ["back_navigations", "failed_mutations"],
            secondaryMetrics: ["time_to_complete"], correction: correction
        )
        let report = try ReportBuilder.report(
            events: log, options: ReportOptions(experiments: ["onboarding": configuration]), inputs: []
        )
        return try #require(report.experiments.first)
    }

    @Test("Each metric is compared per treatment by Welch's test, means and medians shown, worse flagged")
    func metricsCompared() throws {
        let metrics = try Self.experiment().metrics
        #expect(metrics.map(\.metric) == ["back_navigations", "failed_mutations", "time_to_complete"])
        #expect(metrics.map(\.isGuardrail) == [true, true, false])
        let back = metrics[0]
        #expect(back.controlMean == 10.0 / 40 && back.treatmentMean == 2)
        #expect(back.isSignificantlyWorse)
        #expect(!metrics[1].isSignificant && metrics[1].pValue == 1, "no failures anywhere")
        let time = metrics[2]
        #expect(time.controlMedian == 12 && time.treatmentMedian == 22)
        #expect(time.isSignificantlyWorse)
        #expect(metrics.allSatisfy { $0.adjustedPValue >= $0.pValue })
    }

    @Test("The verdict names a guardrail that got significantly worse even when the goal did not")
    func verdictNamesGuardrail() throws {
        let verdict = try Self.experiment().analysis.verdict
        #expect(verdict.contains("but guardrail back_navigations got significantly worse in B (+1.75 back navigations per user, adjusted p < 0.001)"))
        #expect(!verdict.contains("time_to_complete"), "a secondary metric is not a guardrail")
    }

    @Test("A winner on conversion that made a guardrail worse is not shipped; any other verdict is left as it is")
    func guardrailOutweighsConversion() {
        let verdict = "B converts 4.3 pp better than A (95% CI 3.1 to 5.6 pp), p < 0.001: ship it; B step by step: gains at \"Home\" (x1.09)"
        #expect(ExperimentVerdict.withGuardrails(verdict, winner: "B", variantsWorseOnGuardrails: ["B"])
            == "B converts 4.3 pp better than A (95% CI 3.1 to 5.6 pp), p < 0.001: do not ship, a guardrail got worse; "
                + "B step by step: gains at \"Home\" (x1.09)")
        #expect(ExperimentVerdict.withGuardrails(verdict, winner: "B", variantsWorseOnGuardrails: ["C"]) == verdict)
        #expect(ExperimentVerdict.withGuardrails(verdict, winner: nil, variantsWorseOnGuardrails: ["B"]) == verdict)
    }

    @Test("A goal metric is analysed first, and the verdict says how each treatment moved it, moved or not")
    func goalMetricInVerdict() throws {
        let configuration = ExperimentAnalysisPlan(
            variations: ["A", "B"], goalMetrics: ["time_to_complete", "failed_mutations"], guardrails: ["back_navigations"]
        )
        let report = try ReportBuilder.report(
            events: Self.log, options: ReportOptions(experiments: ["onboarding": configuration]), inputs: []
        )
        let experiment = try #require(report.experiments.first)
        #expect(experiment.metrics.map(\.metric) == ["time_to_complete", "failed_mutations", "back_navigations"])
        #expect(experiment.metrics.map(\.role) == [.goal, .goal, .guardrail])
        #expect(experiment.metrics.map(\.isGuardrail) == [false, false, true])
        let verdict = experiment.analysis.verdict
        #expect(verdict.contains("; goal time_to_complete in B worse (+10.00 seconds to complete, adjusted p < 0.001)"), "\(verdict)")
        #expect(verdict.contains("; goal failed_mutations in B no significant change"), "\(verdict)")
        // Goals come before guardrails in the verdict.
        let clauses = verdict.split(separator: "; ").map(String.init)
        let goal = try #require(clauses.firstIndex { $0.hasPrefix("goal time_to_complete") })
        let guardrail = try #require(clauses.firstIndex { $0.hasPrefix("but guardrail back_navigations") })
        #expect(goal < guardrail)
        #expect(JSONRenderer().render(report).contains(#""role" : "goal""#))
        #expect(TableRenderer(colors: false).render(report).contains("seconds to complete (goal)"))
    }

    @Test("Benjamini-Hochberg is a configuration choice; its adjusted p-values are never above Holm's")
    func benjaminiHochberg() throws {
        let holm = try Self.experiment(correction: .holm).metrics
        let fdr = try Self.experiment(correction: .benjaminiHochberg).metrics
        for (bh, fwer) in zip(fdr, holm) {
            #expect(bh.adjustedPValue <= fwer.adjustedPValue)
        }
    }
}
