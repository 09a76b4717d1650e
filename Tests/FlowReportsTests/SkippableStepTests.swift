import FlowEvents
@testable import FlowReports
import Foundation
import Testing

/// Steps a variant's explored map can skip, as the planted prefill trail does: it saves the code before the form,
/// so its users reach the review after the form without the save the funnel puts between them.
@Suite("Steps a variant can skip are named, and the decomposition of its users stays exact")
struct SkippableStepTests {
    static func options(skippable: [String: [String: [Int]]]) -> ReportOptions {
        var options = ReportOptions(experiments: [
            "trail-order": ExperimentAnalysisPlan(
                variations: ["sound", "prefill"],
                funnel: FunnelDefinition(
                    steps: [
                        FunnelStep(name: "Saw form", matcher: .screenShown("form")),
                        FunnelStep(name: "Saved code", matcher: EventMatcher(type: .mutation, properties: ["operation": "save_code"])),
                        FunnelStep(name: "Reached review", matcher: .screenShown("review")),
                    ],
                    conversionWindowSeconds: 3_600, goal: EventMatcher(type: .flowCompleted)
                )
            ),
        ], topPaths: 5)
        options.skippableSteps = skippable
        return options
    }

    /// Sound: 30 users save on the form and finish, 10 leave on the form. Prefill: 15 save on intro (before the form)
    /// and finish, 15 save on the form and finish, 10 leave on the form.
    static func log() -> [FlowEvent] {
        var script = EventScript()
        func walk(_ user: String, _ variant: String, savesFirst: Bool, finishes: Bool) {
            script.add(.exposure, user: user, at: 0, experiment: "trail-order", variant: variant)
            script.show("intro", to: user, at: 0)
            if savesFirst { script.add(.mutation, user: user, at: 1, properties: ["operation": "save_code"]) }
            script.show("form", to: user, at: 2)
            guard finishes else { return }
            if !savesFirst { script.add(.mutation, user: user, at: 3, properties: ["operation": "save_code"]) }
            script.show("review", to: user, at: 4)
            script.add(.flowCompleted, user: user, at: 5)
        }
        for index in 0..<40 {
            walk("s-\(index)", "sound", savesFirst: false, finishes: index < 30)
            walk("p-\(index)", "prefill", savesFirst: index < 15, finishes: index < 30)
        }
        return script.events
    }

    static func report(skippable: [String: [String: [Int]]]) throws -> ExperimentReport {
        try #require(try ReportBuilder.report(events: log(), options: options(skippable: skippable), inputs: ["trail.jsonl"]).experiments.first)
    }

    @Test("the arm names the steps its map can skip, a note says what that means, and arms that cannot skip say nothing")
    func named() throws {
        let report = try Self.report(skippable: ["trail-order": ["prefill": [1, 1, 7]], "other": ["sound": [0]]])
        #expect(report.arms.map(\.skippableSteps) == [nil, ["Saved code"]])
        #expect(report.notes.contains { $0.hasPrefix(#"prefill can skip step 2 "Saved code": its explored flow map reaches a later step"#) })
        #expect(!report.notes.contains { $0.hasPrefix("sound can skip") })
        let json = JSONRenderer().render(Report(mode: .report, alpha: 0.05, inputs: [], diagnostics: [], experiments: [report]))
        #expect(json.contains(#""skippable_steps" : ["#))
    }

    @Test("users who skip count up to the step before; the goal they reach anyway keeps the terms multiplying to the conversion ratio")
    func exact() throws {
        let report = try Self.report(skippable: ["trail-order": ["prefill": [1]]])
        let prefill = try #require(report.arms.first { $0.variant == "prefill" })
        #expect(prefill.steps.map(\.users) == [40, 15, 15])
        #expect(prefill.goalConversions == 30)
        let decomposition = try #require(report.stepDecompositions.first)
        #expect(decomposition.refusal == nil)
        let ratio = try #require(decomposition.ratio)
        let product = decomposition.terms.reduce(1.0) { $0 * (($1.ratio) ?? .nan) }
        #expect(abs(product - ratio) <= 1e-12 * ratio, "\(product) vs \(ratio)")
        let sum = decomposition.terms.reduce(0.0) { $0 + $1.contribution }
        #expect(abs(sum - (decomposition.difference ?? .nan)) <= 1e-12)
    }

    @Test("without an explored map nothing is named")
    func withoutMap() throws {
        let report = try Self.report(skippable: [:])
        #expect(report.arms.allSatisfy { $0.skippableSteps == nil })
        #expect(!report.notes.contains { $0.contains("can skip") })
    }
}
