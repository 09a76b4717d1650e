import FlowEvents
import FlowReports
import Testing

/// Events of one millisecond: which steps they complete, and which segment a user is in, depend on the events
/// and never on the order of their lines, so that an SQL engine, which sees no line order, counts the same.
@Suite("Events of one millisecond: the same counts in every line order")
struct SimultaneousEventTests {
    /// Step 1 is any "home"; step 3 only a "home" logged with `again=yes`, which also matches step 1.
    static let funnel = FunnelDefinition(
        steps: [
            FunnelStep(name: "Home", matcher: .screenShown("home")),
            FunnelStep(name: "Settings", matcher: .screenShown("settings")),
            FunnelStep(name: "Home again", matcher: EventMatcher(type: .screenShown, screen: "home", properties: ["again": "yes"])),
        ],
        conversionWindowSeconds: 600,
        goal: EventMatcher(type: .flowCompleted)
    )

    static func steps(_ lines: [(screen: String, properties: [String: String])]) throws -> [Int] {
        var script = EventScript()
        script.expose("u", to: "A", at: 0)
        for line in lines {
            script.add(.screenShown, user: "u", at: 1, screen: line.screen, properties: line.properties)
        }
        let options = ReportOptions(experiments: ["onboarding": ExperimentAnalysisPlan(funnel: funnel)])
        let report = try ReportBuilder.report(events: script.events, options: options, inputs: [])
        return try #require(report.experiments.first?.arms.first).steps.map(\.users)
    }

    @Test("A step takes the event that matches the fewest later steps, so one that also matches a later step is kept for it")
    func smallestSignatureFirst() throws {
        let plain = (screen: "home", properties: [String: String]())
        let again = (screen: "home", properties: ["again": "yes"])
        let settings = (screen: "settings", properties: [String: String]())
        // In this line order, taking the first matching line for step 1 would use up the only "again" event.
        #expect(try Self.steps([again, plain, settings]) == [1, 1, 1])
        #expect(try Self.steps([plain, again, settings]) == [1, 1, 1])
        #expect(try Self.steps([settings, again, plain]) == [1, 1, 1])
    }

    @Test("One event still completes at most one step")
    func oneEventOneStep() throws {
        #expect(try Self.steps([(screen: "home", properties: ["again": "yes"]), (screen: "settings", properties: [:])]) == [1, 1, 0])
    }

    @Test("Of session starts in one millisecond, the smallest segment value wins, whichever line comes first")
    func segmentTie() throws {
        for shells in [["tablet", "phone"], ["phone", "tablet"]] {
            var script = EventScript()
            script.expose("u", to: "A", at: 0)
            for shell in shells {
                script.add(.sessionStarted, user: "u", at: 1, properties: ["shell": shell])
            }
            script.add(.sessionStarted, user: "u", at: 2, properties: ["shell": "desktop"])
            let options = ReportOptions(
                experiments: ["onboarding": ExperimentAnalysisPlan(variations: ["A"])], segmentBy: "shell"
            )
            let report = try ReportBuilder.report(events: script.events, options: options, inputs: [])
            #expect(report.experiments.first?.segments.map(\.value) == ["phone"])
        }
    }
}
