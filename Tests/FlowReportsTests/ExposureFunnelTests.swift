import FlowEvents
import FlowReports
import Testing

/// The `report` funnel rules, on a small log whose every count is worked out by hand in the comments.
@Suite("Report mode: users are anchored at their first exposure")
struct ExposureFunnelTests {
    /// Window 60 s, steps discovered from the screens, goal `flow_completed`.
    static let options = ReportOptions(experiments: [
        "onboarding": ExperimentAnalysisPlan(funnel: FunnelDefinition(steps: [], conversionWindowSeconds: 60, goal: EventMatcher(type: .flowCompleted))),
    ])

    /// u1, u2, u5 in A; u3 in B; u4 exposed to both (excluded); u6 never exposed; u7 only assigned.
    static var log: [FlowEvent] {
        var script = EventScript()
        script.add(.sessionStarted, user: "u1", at: 0)
        script.expose("u1", to: "A", at: 0)
        script.expose("u3", to: "B", at: 0)
        script.expose("u2", to: "A", at: 0)
        script.show("welcome", to: "u1", at: 1)
        script.show("welcome", to: "u2", at: 1)
        script.show("signup", to: "u1", at: 2)
        script.show("welcome", to: "u3", at: 2)
        script.show("signup", to: "u2", at: 3)
        script.add(.mutation, user: "u2", at: 3.5, screen: "signup",
                   properties: ["operation": "create_account", "outcome": "failed", "reason": "email_taken"])
        script.add(.back, user: "u2", at: 4, screen: "signup", properties: ["to": "welcome"])
        script.show("profile", to: "u3", at: 4)
        script.add(.flowAbandoned, user: "u2", at: 4.5, screen: "welcome")
        script.show("profile", to: "u1", at: 5)
        script.add(.flowCompleted, user: "u1", at: 6)
        script.show("signup", to: "u3", at: 7)
        script.add(.flowCompleted, user: "u3", at: 8)
        script.expose("u4", to: "B", at: 9)
        script.show("welcome", to: "u4", at: 9.5)
        script.expose("u4", to: "A", at: 10)
        script.expose("u5", to: "A", at: 10)
        script.show("welcome", to: "u5", at: 20)
        script.add(.flowCompleted, user: "u5", at: 71)  // 61 s after exposure: outside the 60 s window
        script.add(.sessionStarted, user: "u6", at: 30)
        script.show("welcome", to: "u6", at: 31)
        script.add(.flowCompleted, user: "u6", at: 32)
        script.add(.assignment, user: "u7", at: 30, variant: "A", properties: ["slot": "onboarding", "reason": "forced"])
        script.show("welcome", to: "u7", at: 31)
        script.add(.flowCompleted, user: "u7", at: 32)
        return script.events
    }

    static func experiment() throws -> ExperimentReport {
        let report = try ReportBuilder.report(events: log, options: options, inputs: ["events.jsonl"])
        return try #require(report.experiments.first)
    }

    @Test("Only exposed users count, each in the variant of their first exposure; multi-variant users are excluded")
    func usersPerVariant() throws {
        let experiment = try Self.experiment()
        #expect(experiment.arms.map(\.variant) == ["A", "B"])
        #expect(experiment.arms.map(\.users) == [3, 1])
        #expect(experiment.excludedMultiVariantUsers == 1)
    }

    @Test("The control defaults to the variant first exposed in the log")
    func defaultControl() throws {
        #expect(try Self.experiment().control == "A")
    }

    @Test("The goal counts only within the conversion window")
    func goalWithinWindow() throws {
        let arms = try Self.experiment().arms
        #expect(arms[0].goalConversions == 1)  // u1; u5 completed 61 s after exposure, u2 abandoned
        #expect(arms[0].goalConversionRate == 1.0 / 3.0)
        #expect(arms[1].goalConversions == 1)
    }

    @Test("Without configured steps, each variant's steps are its screens in the order first seen")
    func discoveredSteps() throws {
        let arms = try Self.experiment().arms
        #expect(arms[0].steps.map(\.name) == ["welcome", "signup", "profile"])
        #expect(arms[1].steps.map(\.name) == ["welcome", "profile", "signup"])
    }

    @Test("Step counts, rates over all users, step-to-step rates and drop-off")
    func stepCounts() throws {
        let steps = try Self.experiment().arms[0].steps
        #expect(steps.map(\.users) == [3, 2, 1])
        #expect(steps.map(\.conversionRate) == [1, 2.0 / 3.0, 1.0 / 3.0])
        #expect(steps.map(\.stepConversionRate) == [1, 2.0 / 3.0, 0.5])
        #expect(steps.map(\.dropOffUsers) == [0, 1, 1])
        #expect(steps.map(\.dropOffRate) == [0, 1.0 / 3.0, 0.5])
    }

    @Test("Time to convert is measured from exposure; median and p90 by nearest rank")
    func timeToConvert() throws {
        let steps = try Self.experiment().arms[0].steps
        // welcome after 1 s, 1 s, 10 s: median is the 2nd of 3, p90 the 3rd.
        #expect(steps[0].medianSecondsToConvert == 1)
        #expect(steps[0].p90SecondsToConvert == 10)
        // signup after 2 s and 3 s: median is the 1st of 2 (rank ⌈1.0⌉), p90 the 2nd (rank ⌈1.8⌉).
        #expect(steps[1].medianSecondsToConvert == 2)
        #expect(steps[1].p90SecondsToConvert == 3)
    }

    @Test("Back navigations and failed mutations are counted per screen, failures by reason")
    func screenTrouble() throws {
        let arms = try Self.experiment().arms
        #expect(arms[0].screens == [
            ScreenReport(screen: "signup", backNavigations: 1, failedMutations: 1,
                         failuresByReason: [ReasonCount(reason: "email_taken", count: 1)]),
        ])
        #expect(arms[1].screens.isEmpty)
    }

    @Test("The analysis compares goal conversions, control first, with equal weights for the sample-ratio check")
    func analysisInputs() throws {
        let analysis = try Self.experiment().analysis
        #expect(analysis.control == "A")
        #expect(analysis.comparisons.count == 1)
        let comparison = try #require(analysis.comparisons.first)
        #expect(comparison.variant == "B")
        #expect(comparison.controlCounts.users == 3)
        #expect(comparison.controlCounts.conversions == 1)
        #expect(comparison.treatmentCounts.users == 1)
        #expect(comparison.treatmentCounts.conversions == 1)
        #expect(analysis.sampleRatio?.variants == ["A", "B"])
        #expect(analysis.sampleRatio?.observed == [3, 1])
        #expect(analysis.sampleRatio?.expectedWeights == [1, 1])
    }

    @Test("Feeding an accumulator one event at a time gives the same report as handing over the whole log")
    func incrementalFeeding() throws {
        var accumulator = ExperimentLogAccumulator(options: Self.options)
        for event in Self.log {
            accumulator.consume(event)
        }
        let fed = try ReportBuilder.report(from: accumulator, inputs: ["events.jsonl"])
        let whole = try ReportBuilder.report(events: Self.log, options: Self.options, inputs: ["events.jsonl"])
        #expect(fed == whole)
        #expect(accumulator.eventsConsumed == Self.log.count)
    }
}
