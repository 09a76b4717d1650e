import SeededRandom
import FlowEvents
import FlowReports
import Testing

/// Dropping the events ``ExperimentEventFilter`` finds irrelevant never changes a report.
@Suite("Report mode: the event filter keeps every event that counts")
struct ExperimentEventFilterTests {
    /// Steps on screens, an action and a mutation's properties; goal `flow_completed`; window 40 s.
    static let configured = FunnelDefinition(
        steps: [
            FunnelStep(name: "Welcome", matcher: .screenShown("welcome")),
            FunnelStep(name: "Started", matcher: EventMatcher(type: .action, screen: "welcome", action: "start")),
            FunnelStep(name: "Created", matcher: EventMatcher(
                type: .mutation, properties: ["operation": "create_account", "outcome": "succeeded"]
            )),
            FunnelStep(name: "Home", matcher: .screenShown("home")),
        ],
        conversionWindowSeconds: 40,
        goal: EventMatcher(type: .action, screen: "home", action: "finish")
    )

    /// Report options by what they ask for.
    static let optionSets: [String: ReportOptions] = [
        "every experiment, one configured": ReportOptions(experiments: ["configured": ExperimentAnalysisPlan(funnel: configured)]),
        "the configured experiment alone": ReportOptions(
            experiment: "configured", experiments: ["configured": ExperimentAnalysisPlan(funnel: configured)]
        ),
        "an experiment only the log names": ReportOptions(
            experiment: "discovered", experiments: ["configured": ExperimentAnalysisPlan(funnel: configured)]
        ),
        "no configuration": ReportOptions(),
    ]

    /// Users exposed to two experiments (some to two variants), doing every kind of event, some outside the window.
    static var log: [FlowEvent] {
        var random = SplitMix64(seed: 7)
        var script = EventScript()
        let screens = ["welcome", "signup", "profile", "home"]
        let actions = ["start", "finish", "save", "next"]
        for step in 0..<6_000 {
            let user = "u\(random.next(below: 300))"
            let seconds = Double(step) * 0.1
            switch random.next(below: 12) {
            case 0:
                let experiment = random.next(below: 2) == 0 ? "configured" : "discovered"
                script.expose(user, to: random.next(below: 5) == 0 ? "B" : "A", in: experiment, at: seconds)
            case 1:
                script.add(.exposure, user: user, at: seconds, variant: "A")  // incomplete
            case 2, 3, 4:
                script.show(screens[random.next(below: screens.count)], to: user, at: seconds)
            case 5, 6:
                script.add(.action, user: user, at: seconds, screen: screens[random.next(below: screens.count)],
                           action: actions[random.next(below: actions.count)])
            case 7:
                let outcome = random.next(below: 3) == 0 ? "failed" : "succeeded"
                var properties = ["operation": random.next(below: 2) == 0 ? "create_account" : "save_profile", "outcome": outcome]
                if random.next(below: 2) == 0 { properties["reason"] = "email_taken" }
                script.add(.mutation, user: user, at: seconds, screen: random.next(below: 4) == 0 ? nil : "signup",
                           properties: properties)
            case 8:
                script.add(.back, user: user, at: seconds, screen: screens[random.next(below: screens.count)])
            case 9:
                script.add([.flowCompleted, .flowAbandoned, .sessionStarted][random.next(below: 3)], user: user, at: seconds)
            case 10:
                script.add(.assignment, user: user, at: seconds, variant: "A", properties: ["slot": "configured", "reason": "forced"])
            default:
                script.add([.childStarted, .childFinished][random.next(below: 2)], user: user, at: seconds,
                           properties: ["coordinator": "C"])
            }
        }
        return script.events
    }

    @Test("A report of the relevant events alone equals the report of every event", arguments: optionSets.keys.sorted())
    func filteredReportMatches(asking: String) throws {
        let options = try #require(Self.optionSets[asking])
        let events = Self.log
        var everything = ExperimentLogAccumulator(options: options)
        everything.consume(contentsOf: events)
        var filtered = ExperimentLogAccumulator(options: options)
        let filter = filtered.eventFilter
        let relevant = events.filter(filter.isRelevant)
        filtered.consume(contentsOf: relevant)
        filtered.countIrrelevantEvents(events.count - relevant.count)

        #expect(relevant.count < events.count)
        #expect(filtered.eventsConsumed == everything.eventsConsumed)
        #expect(filtered.incompleteExposures == everything.incompleteExposures)
        #expect(filtered.exposedExperimentKeys == everything.exposedExperimentKeys)
        let expected = try ReportBuilder.report(from: everything, inputs: ["events.jsonl"])
        #expect(try ReportBuilder.report(from: filtered, inputs: ["events.jsonl"]) == expected)
    }

    @Test("Events no funnel, tally or exposure uses are irrelevant")
    func dropsUnusedEvents() throws {
        let filter = ExperimentEventFilter(options: try #require(Self.optionSets["the configured experiment alone"]))
        var script = EventScript()
        script.add(.sessionStarted, user: "u", at: 0)
        script.add(.assignment, user: "u", at: 0, variant: "A")
        script.show("signup", to: "u", at: 1)
        script.add(.action, user: "u", at: 1, screen: "welcome", action: "save")
        script.add(.mutation, user: "u", at: 2, properties: ["operation": "save_profile", "outcome": "succeeded"])
        script.add(.flowCompleted, user: "u", at: 3)
        #expect(script.events.filter(filter.isRelevant).isEmpty)
    }
}
