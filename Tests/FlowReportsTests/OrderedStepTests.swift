import FlowEvents
import FlowReports
import Testing

/// Ordered-funnel matching with configured steps and matchers.
@Suite("Configured funnels: ordered steps and event matchers")
struct OrderedStepTests {
    static let signupThenProfile = FunnelDefinition(
        steps: [
            FunnelStep(name: "Signed up", matcher: EventMatcher(
                type: .mutation, properties: ["operation": "create_account", "outcome": "succeeded"]
            )),
            FunnelStep(name: "Profile", matcher: .screenShown("profile")),
            FunnelStep(name: "Saved", matcher: EventMatcher(type: .action, screen: "profile", action: "save")),
        ],
        conversionWindowSeconds: 600,
        goal: EventMatcher(type: .mutation, properties: ["operation": "update_profile", "outcome": "succeeded"])
    )

    static func arm(_ build: (inout EventScript) -> Void) throws -> ArmReport {
        var script = EventScript()
        script.expose("u", to: "A", at: 0)
        build(&script)
        let options = ReportOptions(experiments: ["onboarding": ExperimentAnalysisPlan(funnel: signupThenProfile)])
        let report = try ReportBuilder.report(events: script.events, options: options, inputs: [])
        return try #require(report.experiments.first?.arms.first)
    }

    @Test("A step only counts at or after the previous step was reached")
    func stepsAreOrdered() throws {
        let arm = try Self.arm { script in
            script.show("profile", to: "u", at: 1)  // before signing up: does not count
            script.add(.mutation, user: "u", at: 2, properties: ["operation": "create_account", "outcome": "succeeded"])
            script.show("profile", to: "u", at: 5)
        }
        #expect(arm.steps.map(\.users) == [1, 1, 0])
        #expect(arm.steps[1].medianSecondsToConvert == 5)
    }

    @Test("Events with the same timestamp as the previous step still count")
    func sameTimestampCounts() throws {
        let arm = try Self.arm { script in
            script.add(.mutation, user: "u", at: 2, properties: ["operation": "create_account", "outcome": "succeeded"])
            script.show("profile", to: "u", at: 2)
        }
        #expect(arm.steps.map(\.users) == [1, 1, 0])
    }

    @Test("Events of one millisecond are simultaneous: a later step's event logged first still counts")
    func sameMillisecondAnyLineOrder() throws {
        let arm = try Self.arm { script in
            script.add(.action, user: "u", at: 2, screen: "profile", action: "save")
            script.show("profile", to: "u", at: 2)
            script.add(.mutation, user: "u", at: 2, properties: ["operation": "create_account", "outcome": "succeeded"])
        }
        #expect(arm.steps.map(\.users) == [1, 1, 1])
        #expect(arm.steps.map(\.medianSecondsToConvert) == [2, 2, 2])
    }

    @Test("A simultaneous event waits only within its millisecond")
    func waitingEndsWithItsMillisecond() throws {
        let arm = try Self.arm { script in
            script.show("profile", to: "u", at: 1)
            script.add(.mutation, user: "u", at: 2, properties: ["operation": "create_account", "outcome": "succeeded"])
        }
        #expect(arm.steps.map(\.users) == [1, 0, 0])
    }

    @Test("Matchers compare type, screen, action and the listed properties")
    func matcherFields() throws {
        let arm = try Self.arm { script in
            script.add(.mutation, user: "u", at: 1, properties: ["operation": "create_account", "outcome": "failed"])
            script.add(.mutation, user: "u", at: 2, properties: ["operation": "create_account", "outcome": "succeeded", "extra": "x"])
            script.show("profile", to: "u", at: 3)
            script.add(.action, user: "u", at: 4, screen: "signup", action: "save")  // wrong screen
            script.add(.action, user: "u", at: 5, screen: "profile", action: "save")
        }
        #expect(arm.steps.map(\.users) == [1, 1, 1])
        #expect(arm.steps.map(\.medianSecondsToConvert) == [2, 3, 5])
    }

    @Test("The goal is reached by a matching event anywhere in the window, independent of the steps")
    func goalIndependentOfSteps() throws {
        let arm = try Self.arm { script in
            script.add(.mutation, user: "u", at: 1, properties: ["operation": "update_profile", "outcome": "succeeded"])
        }
        #expect(arm.goalConversions == 1)
        #expect(arm.steps.map(\.users) == [0, 0, 0])
        #expect(arm.steps[0].medianSecondsToConvert == nil)
    }

    @Test("Events before the exposure do not count")
    func eventsBeforeExposureIgnored() throws {
        var script = EventScript()
        script.add(.mutation, user: "u", at: 0, properties: ["operation": "update_profile", "outcome": "succeeded"])
        script.expose("u", to: "A", at: 1)
        let options = ReportOptions(experiments: ["onboarding": ExperimentAnalysisPlan(funnel: Self.signupThenProfile)])
        let report = try ReportBuilder.report(events: script.events, options: options, inputs: [])
        #expect(report.experiments.first?.arms.first?.goalConversions == 0)
    }

    @Test("Matcher summaries list the fields in a fixed order")
    func matcherSummary() {
        let matcher = EventMatcher(type: .action, screen: "profile", action: "save", properties: ["b": "2", "a": "1"])
        #expect(matcher.summary == "action screen=profile action=save a=1 b=2")
    }
}
