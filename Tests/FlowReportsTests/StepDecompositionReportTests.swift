import FlowEvents
import FlowReports
import Foundation
import Testing

/// The report's step decomposition on logs whose funnels are counted by hand.
@Suite("The report splits each treatment's difference in conversion step by step")
struct StepDecompositionReportTests {
    static let steps = [
        FunnelStep(name: "welcome", matcher: .screenShown("welcome")),
        FunnelStep(name: "signup", matcher: .screenShown("signup")),
    ]
    static let options = ReportOptions(experiments: [
        "onboarding": ExperimentAnalysisPlan(
            variations: ["A", "B"],
            funnel: FunnelDefinition(steps: steps, conversionWindowSeconds: 600, goal: EventMatcher(type: .flowCompleted))
        ),
    ])

    /// `users` users of `variant` see welcome; the first `signups` of them see signup; of those, the first
    /// `completions` complete; then `completionsWithoutSignup` more users complete having seen only welcome.
    static func arm(
        _ variant: String, users: Int, signups: Int, completions: Int, completionsWithoutSignup: Int = 0,
        into script: inout EventScript
    ) {
        for index in 0..<users {
            let user = "\(variant)-\(index)"
            script.expose(user, to: variant, at: 0)
            script.show("welcome", to: user, at: 1)
            if index < signups {
                script.show("signup", to: user, at: 2)
                if index < completions { script.add(.flowCompleted, user: user, at: 3) }
            } else if index < signups + completionsWithoutSignup {
                script.add(.flowCompleted, user: user, at: 3)
            }
        }
    }

    static func close(_ actual: Double, _ expected: Double) -> Bool {
        abs(actual - expected) <= 1e-12 * max(1, abs(expected))
    }

    /// A: 400 users, 200 reach signup, 150 complete. B: 400 users, 320 reach signup, 160 complete.
    static func experiment(completionsWithoutSignupInA: Int = 0) throws -> ExperimentReport {
        var script = EventScript()
        arm("A", users: 400, signups: 200, completions: 150, completionsWithoutSignup: completionsWithoutSignupInA, into: &script)
        arm("B", users: 400, signups: 320, completions: 160, into: &script)
        let report = try ReportBuilder.report(events: script.events, options: options, inputs: ["events.jsonl"])
        return try #require(report.experiments.first)
    }

    @Test("one term per step and one for the goal, whose ratios multiply back to the ratio of conversion rates and whose shares add up to its difference")
    func termsReconcile() throws {
        let decomposition = try #require(try Self.experiment().stepDecompositions.first)
        #expect(decomposition.refusal == nil)
        #expect(decomposition.terms.map(\.step) == ["welcome", "signup", "flow_completed"])
        #expect(decomposition.terms.map(\.isGoal) == [false, false, true])
        let ratios = decomposition.terms.compactMap(\.ratio)
        #expect(ratios.count == 3)
        #expect(Self.close(ratios.reduce(1, *), 160.0 / 150.0))
        #expect(Self.close(decomposition.terms.map(\.contribution).reduce(0, +), 10.0 / 400))
        #expect(Self.close(ratios[1], 1.6))
        #expect(Self.close(ratios[2], 0.5 / 0.75))
        #expect(decomposition.terms[0].reading == .structural)
    }

    @Test("the verdict names the steps found to differ, in flow order, with direction and ratio, and never says a step causes")
    func verdictNamesSteps() throws {
        let verdict = try Self.experiment().analysis.verdict
        let gains = try #require(verdict.range(of: #"B step by step: gains at "signup" (x1.60)"#))
        let givesBack = try #require(verdict.range(of: "gives some back reaching the goal (x0.67)"))
        #expect(gains.upperBound <= givesBack.lowerBound)
        #expect(!verdict.contains("cause"))
    }

    @Test("a goal reached without the last step is decomposed from how far each converted user got")
    func goalWithoutLastStep() throws {
        let decomposition = try #require(try Self.experiment(completionsWithoutSignupInA: 20).stepDecompositions.first)
        #expect(decomposition.refusal == nil)
        let ratios = decomposition.terms.compactMap(\.ratio)
        #expect(Self.close(ratios.reduce(1, *), 160.0 / 170.0))
        #expect(Self.close(decomposition.terms.map(\.contribution).reduce(0, +), -10.0 / 400))
    }

    @Test("arms whose discovered steps are different screens are not decomposed, and the report says why")
    func differentDiscoveredSteps() throws {
        var script = EventScript()
        for index in 0..<20 {
            script.expose("a\(index)", to: "A", at: 0)
            script.show("welcome", to: "a\(index)", at: 1)
            script.expose("b\(index)", to: "B", at: 0)
            script.show("intro", to: "b\(index)", at: 1)
        }
        let options = ReportOptions(experiments: [
            "onboarding": ExperimentAnalysisPlan(funnel: FunnelDefinition(steps: [], conversionWindowSeconds: 60, goal: EventMatcher(type: .flowCompleted))),
        ])
        let report = try ReportBuilder.report(events: script.events, options: options, inputs: ["events.jsonl"])
        let decomposition = try #require(report.experiments.first?.stepDecompositions.first)
        #expect(decomposition.refusal == "steps_differ")
        #expect(decomposition.terms.isEmpty)
        #expect(TableRenderer(colors: false).render(report).contains("B is not decomposed step by step"))
    }

    @Test("every format carries the decomposition: JSON field by field, a step table in text, Markdown and HTML")
    func everyFormat() throws {
        var script = EventScript()
        Self.arm("A", users: 400, signups: 200, completions: 150, into: &script)
        Self.arm("B", users: 400, signups: 320, completions: 160, into: &script)
        let report = try ReportBuilder.report(events: script.events, options: Self.options, inputs: ["events.jsonl"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONRenderer().render(report).utf8)) as? [String: Any])
        let experiment = try #require((json["experiments"] as? [[String: Any]])?.first)
        let decomposition = try #require((experiment["step_decompositions"] as? [[String: Any]])?.first)
        let term = try #require((decomposition["terms"] as? [[String: Any]])?[1])
        #expect(term["step"] as? String == "signup")
        #expect(term["found"] as? Bool == true)
        #expect((term["adjusted_interval"] as? [String: Any])?["lower"] is Double)
        #expect(TableRenderer(colors: false).render(report).contains("2. signup"))
        #expect(MarkdownRenderer().render(report).contains("### Step by step"))
        #expect(HTMLRenderer().render(report).contains("<h3>Step by step</h3>"))
        let csv = CSVRenderer().render(report).split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let column = try #require(CSVRenderer.columns.firstIndex(of: "step_term_ratio"))
        let goalColumn = try #require(CSVRenderer.columns.firstIndex(of: "goal_term_ratio"))
        let signupOfB = try #require(csv.first { $0[1] == "B" && $0[8] == "signup" })
        #expect(signupOfB[column] == "1.6")
        #expect(Double(signupOfB[goalColumn]).map { Self.close($0, 0.5 / 0.75) } == true)
        #expect(csv.first { $0[1] == "A" && $0[8] == "signup" }?[column] == "")
    }
}
