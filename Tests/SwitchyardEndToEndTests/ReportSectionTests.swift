import Experiments
import FlowEvents
import FlowReports
import Foundation
import Testing
import VariantHost

/// The report sections of an experiment config (`funnel`, `analysis`), decoded into the event log's and the
/// report's vocabulary with every problem located by its JSON path.
@Suite("Report sections of the experiment config")
struct ReportSectionTests {
    static let variations = #""key": "k", "slot": "auth-flow", "variations": ["signup-before-profile", "signup-after-profile"]"#
    static let funnel = #"{"steps": [{"name": "s", "type": "screen_shown", "screen": "welcome"}], "conversionWindowSeconds": 60, "goal": {"type": "flow_completed"}"#

    /// The sections of a document whose one experiment has `fields` beside its key, slot and variations, and the
    /// problems found, as `path: message` lines.
    func decode(_ fields: String) throws -> (sections: ReportSectionDecoder.Sections?, issues: [String]) {
        let text = #"{"slots": [], "experiments": [{"# + Self.variations + ", " + fields + "}]}"
        let decoder = ReportSectionDecoder()
        let sections = decoder.decode(try JSONParser.parse(text))
        return (sections["k"], decoder.issues.map(\.description))
    }

    @Test("the bundled onboarding config's funnel has its four named steps, a one-hour window and flow_completed as goal")
    func bundledFunnel() throws {
        let (_, sections) = try ReportSectionDecoder.decode(fileAt: Repository.experiments) { () throws(ConfigError) in () }
        let funnel = try #require(sections["onboarding-order"]?.funnel)
        #expect(funnel.steps.count == 4)
        #expect(funnel.goal == EventMatcher(type: .flowCompleted))
        #expect(funnel.conversionWindowSeconds == 3600)
    }

    @Test("a funnel needs at least one step")
    func emptyFunnel() throws {
        let (_, issues) = try decode(#""funnel": {"steps": [], "conversionWindowSeconds": 60, "goal": {"type": "flow_completed"}}"#)
        #expect(issues == ["experiments[0].funnel.steps: a funnel needs at least one step"])
    }

    @Test("a funnel's conversion window must be positive")
    func nonPositiveWindow() throws {
        let (_, issues) = try decode(#""funnel": {"steps": [{"name": "s", "type": "back"}], "conversionWindowSeconds": 0, "goal": {"type": "flow_completed"}}"#)
        #expect(issues == ["experiments[0].funnel.conversionWindowSeconds: must be positive, found 0"])
    }

    @Test("a conversion window is a whole number of seconds: a fraction is refused at its JSON path, never cut off",
          arguments: [("1.9", "1 or 2"), ("0.5", "1"), ("3600.001", "3600 or 3601")])
    func fractionalWindow(window: String, nearest: String) throws {
        let (sections, issues) = try decode(#""funnel": {"steps": [{"name": "s", "type": "back"}], "conversionWindowSeconds": "# + window + #", "goal": {"type": "flow_completed"}}"#)
        #expect(issues == ["experiments[0].funnel.conversionWindowSeconds: \(window) is not a whole number of seconds; expected an integer such as \(nearest)"])
        #expect(sections?.funnel == nil)
    }

    @Test("a whole number of seconds written with a fraction or an exponent is that many seconds", arguments: [("60.0", 60), ("3.6e3", 3600)])
    func wholeWindow(window: String, seconds: Int) throws {
        let (sections, issues) = try decode(#""funnel": {"steps": [{"name": "s", "type": "back"}], "conversionWindowSeconds": "# + window + #", "goal": {"type": "flow_completed"}}"#)
        #expect(issues.isEmpty)
        #expect(sections?.funnel?.conversionWindowSeconds == seconds)
    }

    @Test("a window longer than any log (1e300 seconds) is the longest one rather than a crash")
    func hugeWindow() throws {
        let (sections, issues) = try decode(#""funnel": {"steps": [{"name": "s", "type": "back"}], "conversionWindowSeconds": 1e300, "goal": {"type": "flow_completed"}}"#)
        #expect(issues.isEmpty)
        #expect(sections?.funnel?.conversionWindowSeconds == Int.max)
    }

    @Test("a window beyond any Double (1e999) is refused at its JSON path, as every configured number is")
    func infiniteWindow() throws {
        let (sections, issues) = try decode(#""funnel": {"steps": [{"name": "s", "type": "back"}], "conversionWindowSeconds": 1e999, "goal": {"type": "flow_completed"}}"#)
        #expect(sections?.funnel == nil)
        #expect(issues.count == 1)
        #expect(issues.first?.contains("funnel.conversionWindowSeconds") == true)
        #expect(issues.first?.contains("expected a finite number") == true)
    }

    @Test("an event matcher with an unknown event type lists the event log's types")
    func unknownEventType() throws {
        let (_, issues) = try decode("""
        "funnel": {"steps": [{"name": "Saw signup", "type": "screen_show", "screen": "signup"}],
                   "conversionWindowSeconds": 60, "goal": {"type": "flow_completed"}}
        """)
        #expect(issues == [#"experiments[0].funnel.steps[0].type: unknown event type "screen_show" (expected one of: session_started, exposure, assignment, screen_shown, action, back, child_started, child_finished, mutation, flow_completed, flow_abandoned)"#])
    }

    @Test("funnel steps need a name, and event properties must be strings")
    func funnelStepShape() throws {
        let (_, issues) = try decode("""
        "funnel": {"steps": [{"type": "mutation", "properties": {"operation": "create_account", "attempt": 2}}],
                   "conversionWindowSeconds": 60, "goal": {"type": "flow_completed"}}
        """)
        #expect(issues == [
            "experiments[0].funnel.steps[0].name: missing required field",
            "experiments[0].funnel.steps[0].properties.attempt: expected a string, found number 2",
        ])
    }

    @Test("a funnel step is named by its name and matches its type, screen, action and properties")
    func funnelStep() throws {
        let (sections, issues) = try decode("""
        "funnel": {"steps": [{"name": "Created", "type": "mutation", "screen": "signup", "properties": {"outcome": "succeeded"}}],
                   "conversionWindowSeconds": 90.0, "goal": {"type": "flow_completed"}}
        """)
        #expect(issues.isEmpty)
        let matcher = EventMatcher(type: .mutation, screen: "signup", properties: ["outcome": "succeeded"])
        #expect(sections?.funnel == FunnelDefinition(
            steps: [FunnelStep(name: "Created", matcher: matcher)], conversionWindowSeconds: 90, goal: EventMatcher(type: .flowCompleted)
        ))
    }

    @Test("an analysis choice with an unknown method or an out-of-range tuning is rejected at its path")
    func badAnalysis() throws {
        let (_, issues) = try decode(#""analysis": {"method": "bayesian", "sequentialTuningUsers": -5, "looks": 3, "minimumDetectableEffect": 2}"#)
        #expect(issues == [
            "experiments[0].analysis.looks: unknown field (expected one of: method, sequentialTuningUsers, correction, minimumDetectableEffect, engine, prior, cuped)",
            #"experiments[0].analysis.method: unknown method "bayesian" (expected "fixed-horizon" or "sequential")"#,
            "experiments[0].analysis.sequentialTuningUsers: -5 is out of range; expected a number of users, 1 or more",
            "experiments[0].analysis.minimumDetectableEffect: 2 is out of range; expected a difference in conversion rate between 0 and 1 (0.02 is 2 percentage points)",
        ])
    }

    @Test("a sequential analysis choice is read with its tuning; without one, with GrowthBook's default")
    func sequentialAnalysis() throws {
        let (tuned, tunedIssues) = try decode(#""analysis": {"method": "sequential", "sequentialTuningUsers": 20000}"#)
        #expect(tunedIssues.isEmpty)
        #expect(tuned?.testingMethod == .sequential(tuningUsers: 20000))
        let (untuned, _) = try decode(#""analysis": {"method": "sequential"}"#)
        #expect(untuned?.testingMethod == .sequential(tuningUsers: TestingMethod.defaultTuningUsers))
        let (unsaid, _) = try decode(#""analysis": {}"#)
        #expect(unsaid?.testingMethod == .fixedHorizon)
        let (absent, _) = try decode(#""weights": [0.5, 0.5]"#)
        #expect(absent?.testingMethod == nil)
    }

    @Test("guardrails and metrics name known per-user metrics; a correction is holm or benjamini-hochberg")
    func guardrailConfiguration() throws {
        let (_, issues) = try decode(#""funnel": "# + Self.funnel + #", "guardrails": ["back_navigations", "crashes"]}, "analysis": {"correction": "bonferroni"}"#)
        #expect(issues == [
            "experiments[0].funnel.guardrails[1]: unknown metric \"crashes\" (expected a built-in metric or one the config's metrics define: back_navigations, failed_mutations, time_to_complete)",
            #"experiments[0].analysis.correction: unknown correction "bonferroni" (expected "holm" or "benjamini-hochberg")"#,
        ])
        let (sections, validIssues) = try decode(
            #""funnel": "# + Self.funnel + #", "guardrails": ["back_navigations"], "metrics": ["time_to_complete"]}, "analysis": {"correction": "benjamini-hochberg"}"#
        )
        #expect(validIssues.isEmpty)
        #expect(sections?.guardrails == ["back_navigations"])
        #expect(sections?.secondaryMetrics == ["time_to_complete"])
        #expect(sections?.correction == .benjaminiHochberg)
        #expect(sections?.testingMethod == .fixedHorizon)
    }

    @Test("validate and report refuse a fractional conversion window at its JSON path, with a non-zero exit", arguments: ["validate", "report"])
    func fractionalWindowRefused(command: String) throws {
        let cli = try CLI()
        let config = """
        {"app": "onboarding", "slots": [{"id": "app-shell", "default": "phone"}, {"id": "auth-flow", "default": "signup-before-profile"}],
         "experiments": [{\(Self.variations),
                          "funnel": {"steps": [{"name": "s", "type": "back"}], "conversionWindowSeconds": 1.9, "goal": {"type": "flow_completed"}}}]}
        """
        try Data(config.utf8).write(to: URL(fileURLWithPath: cli.path("experiments.json")))
        try Data().write(to: URL(fileURLWithPath: cli.path("events.jsonl")))
        let result = try cli.run(command == "validate" ? ["validate", "--config", "experiments.json"] : ["report", "events.jsonl", "--config", "experiments.json"])
        #expect(result.status != 0)
        #expect(result.standardError == """
        Error: experiments.json: experiments[0].funnel.conversionWindowSeconds: 1.9 is not a whole number of seconds; expected an integer such as 1 or 2

        """)
    }

    @Test("validate lists the report sections' problems after the assignment part's, in one error")
    func validateReportsBothParts() throws {
        let cli = try CLI()
        let config = """
        {"slots": [{"id": "app-shell", "default": "phone"}, {"id": "auth-flow", "default": "signup-before-profile"}],
         "experiments": [{\(Self.variations), "weights": [1],
                          "funnel": {"steps": [], "conversionWindowSeconds": 60, "goal": {"type": "flow_done"}}}]}
        """
        try Data(config.utf8).write(to: URL(fileURLWithPath: cli.path("experiments.json")))
        let result = try cli.run(["validate", "--app", "onboarding", "--config", "experiments.json"])
        #expect(result.status != 0)
        #expect(result.standardError == """
        Error: 2 problems found:
        experiments.json: experiments[0].weights: 1 weights for 2 variations
        experiments.json: experiments[0].funnel.goal.type: unknown event type "flow_done" (expected one of: session_started, exposure, assignment, screen_shown, action, back, child_started, child_finished, mutation, flow_completed, flow_abandoned)

        """)
    }
}
