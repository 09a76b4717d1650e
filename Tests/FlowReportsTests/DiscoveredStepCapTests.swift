import FlowEvents
@testable import FlowReports
import Testing

/// A log whose users see more distinct screens than an arm makes steps: memory follows the users, and the report
/// says what it left out.
@Suite("Discovered steps are capped per arm, and the screens beyond the cap are counted")
struct DiscoveredStepCapTests {
    static let cap = FunnelDefinition.maximumDiscoveredSteps
    static let options = ReportOptions(experiments: [
        "many": ExperimentAnalysisPlan(funnel: FunnelDefinition(steps: [], conversionWindowSeconds: 3600, goal: EventMatcher(type: .flowCompleted))),
    ])

    /// Two users in arm A, each shown `screensPerUser` screens of their own one second apart, then the goal.
    static func log(screensPerUser: Int) -> [FlowEvent] {
        var script = EventScript()
        for user in ["u1", "u2"] {
            script.expose(user, to: "A", in: "many", at: 0)
            for screen in 0..<screensPerUser {
                script.show("\(user)-screen-\(screen)", to: user, at: Double(screen + 1))
            }
            script.add(.flowCompleted, user: user, at: Double(screensPerUser + 1))
        }
        return script.events
    }

    static func arm(of events: [FlowEvent]) throws -> (arm: ArmReport, notes: [String]) {
        let report = try ReportBuilder.report(events: events, options: options, inputs: ["events.jsonl"])
        let experiment = try #require(report.experiments.first)
        return (try #require(experiment.arms.first), experiment.notes)
    }

    @Test("At the cap, every screen is a step and nothing is said")
    func atTheCap() throws {
        let (arm, notes) = try Self.arm(of: Self.log(screensPerUser: Self.cap / 2))
        #expect(arm.steps.count == Self.cap)
        #expect(arm.discoveredScreensBeyondCap == nil)
        #expect(!notes.contains { $0.contains("beyond the cap") })
    }

    @Test("Past the cap, the screens first shown earliest are the steps, and the rest are counted in a note")
    func pastTheCap() throws {
        let (arm, notes) = try Self.arm(of: Self.log(screensPerUser: 75))
        #expect(arm.steps.count == Self.cap)
        #expect(arm.discoveredScreensBeyondCap == 150 - Self.cap)
        // Both users' n-th screens share a median offset, so they come in pairs, u1's before u2's by name.
        #expect(arm.steps.prefix(4).map(\.name) == ["u1-screen-0", "u2-screen-0", "u1-screen-1", "u2-screen-1"])
        #expect(arm.steps.last?.name == "u2-screen-49")
        #expect(notes.contains("A: 50 more screens beyond the cap of 100 discovered steps are not steps (configure the funnel's steps to choose them)"))
    }

    @Test("Which screens are steps does not depend on line order")
    func orderFree() throws {
        let events = Self.log(screensPerUser: 75)
        let forward = try Self.arm(of: events).arm
        let backward = try Self.arm(of: events.reversed()).arm
        #expect(forward == backward)
    }

    @Test("Counts from a query that did not cap its steps are capped as the report caps them")
    func countsAreCapped() throws {
        var rows = "experiment,variant,measure,step,name,reason,value,total\n"
        rows += "many,A,first_exposure,0,,,0,1\nmany,A,users,0,,,0,1\n"
        for step in 1...(Self.cap + 7) {
            rows += "many,A,discovered_step,\(step),screen-\(step),,0,0\n"
        }
        let counts = try AggregateCountsFile(text: rows, path: "counts.csv")
        let report = try ReportBuilder.report(fromCounts: counts, options: Self.options, inputs: ["counts.csv"])
        let arm = try #require(report.experiments.first?.arms.first)
        #expect(arm.steps.count == Self.cap)
        #expect(arm.steps.last?.name == "screen-\(Self.cap)")
        #expect(arm.discoveredScreensBeyondCap == 7)
    }

    @Test("The count of screens beyond the cap is read from a query's row")
    func countsRow() throws {
        let rows = "experiment,variant,measure,step,name,reason,value,total\n"
            + "many,A,first_exposure,0,,,0,1\nmany,A,users,0,,,0,1\nmany,A,discovered_step,1,welcome,,0,0\n"
            + "many,A,discovered_screens_beyond_cap,0,,,0,12\n"
        let counts = try AggregateCountsFile(text: rows, path: "counts.csv")
        let report = try ReportBuilder.report(fromCounts: counts, options: Self.options, inputs: ["counts.csv"])
        #expect(report.experiments.first?.arms.first?.discoveredScreensBeyondCap == 12)
    }

    @Test("The query counts the screens beyond the cap, and makes steps of the first ones only")
    func queryCapsSteps() {
        let query = AggregateQuery(dialect: .duckdb, source: .table("events"), experiments: [:]).text
        #expect(query.contains("WHERE step <= \(Self.cap)"))
        #expect(query.contains("'discovered_screens_beyond_cap'"))
    }

    @Test("Observed paths list at most 1,000 screens users left on and 1,000 moves, and count the others")
    func pathListsAreCapped() throws {
        var script = EventScript()
        for user in 0..<1_100 {
            script.expose("u\(user)", to: "A", in: "many", at: 0)
            script.show("first-\(user)", to: "u\(user)", at: 1)
            script.show("second-\(user)", to: "u\(user)", at: 2)
        }
        var options = Self.options
        options.topPaths = 5
        let report = try ReportBuilder.report(events: script.events, options: options, inputs: ["events.jsonl"])
        let paths = try #require(report.experiments.first?.arms.first?.paths)
        #expect(paths.leftOn.count == ObservedPathsReport.maximumListed)
        #expect(paths.otherLeftOnScreens == 100)
        #expect(paths.transitions.count == ObservedPathsReport.maximumListed)
        #expect(paths.otherTransitions == 2 * 1_100 - 1_000)
        // Listed in the documented order: every move was made by one user, so by name.
        #expect(paths.transitions.first?.from == "(start)" && paths.transitions.first?.to == "first-0")
        #expect(TableRenderer(colors: false).render(report).contains("1,200 moves made by fewer users than the 1,000 listed are not drawn"))
    }
}
