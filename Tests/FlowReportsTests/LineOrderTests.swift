import SeededRandom
import FlowEvents
import FlowReports
import Testing

/// A report's numbers do not depend on the order the log's lines arrive in, nor on how they are split
/// across files: each user's events are counted in the user's time order.
@Suite("Report mode: any line order gives the same report")
struct LineOrderTests {
    static let configured = FunnelDefinition(
        steps: [
            FunnelStep(name: "Saw welcome", matcher: .screenShown("welcome")),
            FunnelStep(name: "Created account", matcher: EventMatcher(
                type: .mutation, properties: ["operation": "create_account", "outcome": "succeeded"]
            )),
            FunnelStep(name: "Reached home", matcher: .screenShown("home")),
        ],
        conversionWindowSeconds: 600,
        goal: EventMatcher(type: .flowCompleted)
    )

    static func options(funnel: FunnelDefinition) -> ReportOptions {
        ReportOptions(experiments: [
            "onboarding": ExperimentAnalysisPlan(variations: ["A", "B"], funnel: funnel),
        ])
    }

    /// 300 users walking a flow whose events share milliseconds as Switchyard's do: the exposure and the
    /// first screen, the account's creation and the home screen. Some go back, fail, abandon, are exposed
    /// twice or to both variants, or take longer than the window.
    static var log: [FlowEvent] {
        var random = SplitMix64(seed: 7)
        var script = EventScript()
        for index in 0..<300 {
            let user = "u\(index)"
            let variant = random.next(below: 2) == 0 ? "A" : "B"
            var time = Double(random.next(below: 3600))
            script.add(.sessionStarted, user: user, at: time)
            script.expose(user, to: variant, at: time)
            script.show("welcome", to: user, at: time)
            if random.next(below: 10) == 0 {
                script.expose(user, to: variant == "A" ? "B" : "A", at: time + 1)
            }
            time += Double(1 + random.next(below: 30))
            script.show("signup", to: user, at: time)
            if random.next(below: 4) == 0 {
                script.add(.mutation, user: user, at: time + 1, screen: "signup",
                           properties: ["operation": "create_account", "outcome": "failed", "reason": "email_taken"])
                script.add(.back, user: user, at: time + 2, screen: "signup")
                script.show("welcome", to: user, at: time + 2)
                time += 3
                script.show("signup", to: user, at: time)
            }
            guard random.next(below: 10) < (variant == "A" ? 6 : 7) else {
                script.add(.flowAbandoned, user: user, at: time + 1, screen: "signup")
                continue
            }
            time += Double(random.next(below: 2) == 0 ? 5 : 700)  // some finish outside the 600 s window
            script.add(.mutation, user: user, at: time, screen: "signup",
                       properties: ["operation": "create_account", "outcome": "succeeded"])
            script.show("home", to: user, at: time)
            script.add(.flowCompleted, user: user, at: time, screen: "home")
            if random.next(below: 5) == 0 {
                script.expose(user, to: variant, at: time + 1)  // a later exposure to the same variant
            }
        }
        return script.events
    }

    static func report(_ files: [[FlowEvent]], funnel: FunnelDefinition) throws -> Report {
        var accumulator = ExperimentLogAccumulator(options: options(funnel: funnel))
        for file in files {
            accumulator.consume(contentsOf: file)
        }
        if let length = accumulator.rereadLength {
            let all = files.flatMap { $0 }
            let wantsMore = accumulator.reread(Array(all.prefix(length)))
            #expect(!wantsMore)
        }
        return try ReportBuilder.report(from: accumulator, inputs: ["events.jsonl"])
    }

    /// The JSON of `report` without the note on out-of-order users, which only says how the lines arrived.
    static func json(_ report: Report) -> String {
        var report = report
        report.diagnostics.removeAll { $0.contains("arrived out of time order") }
        return JSONRenderer().render(report)
    }

    static func orders(of log: [FlowEvent]) -> [String: [[FlowEvent]]] {
        var random = SplitMix64(seed: 99)
        var shuffled = log
        for index in shuffled.indices.reversed() where index > 0 {
            shuffled.swapAt(index, random.next(below: index + 1))
        }
        let interleaved = (0..<3).map { file in log.indices.filter { $0 % 3 == file }.map { log[$0] } }
        return ["shuffled": [shuffled], "reversed": [log.reversed()], "split into 3 interleaved files": interleaved]
    }

    @Test("Shuffled, reversed and split into interleaved files, a log with configured steps gives a byte-identical JSON report",
          arguments: ["shuffled", "reversed", "split into 3 interleaved files"])
    func configuredSteps(order: String) throws {
        let inOrder = try Self.report([Self.log], funnel: Self.configured)
        #expect(inOrder.diagnostics.isEmpty, "a log in time order has nothing to recount")
        let reordered = try Self.report(try #require(Self.orders(of: Self.log)[order]), funnel: Self.configured)
        #expect(Self.json(reordered) == Self.json(inOrder))
        #expect(reordered.diagnostics.contains { $0.contains("arrived out of time order") })
        let arms = try #require(inOrder.experiments.first).arms
        #expect(arms.map(\.users).reduce(0, +) > 250, "most users count")
        #expect(arms.allSatisfy { $0.steps[2].users > 0 }, "simultaneous steps are reached")
    }

    @Test("Shuffled, reversed and split into interleaved files, a log with discovered steps gives a byte-identical JSON report",
          arguments: ["shuffled", "reversed", "split into 3 interleaved files"])
    func discoveredSteps(order: String) throws {
        let funnel = FunnelDefinition(steps: [], conversionWindowSeconds: 600, goal: EventMatcher(type: .flowCompleted))
        let inOrder = try Self.report([Self.log], funnel: funnel)
        let reordered = try Self.report(try #require(Self.orders(of: Self.log)[order]), funnel: funnel)
        #expect(Self.json(reordered) == Self.json(inOrder))
        #expect(inOrder.experiments.first?.arms.first?.steps.map(\.name) == ["welcome", "signup", "home"])
    }

    @Test("A completion logged before its exposure counts, and the report says how many users arrived out of order")
    func completionBeforeExposure() throws {
        var script = EventScript()
        script.add(.flowCompleted, user: "u1", at: 5)
        script.expose("u1", to: "A", at: 1)
        script.expose("u2", to: "B", at: 2)
        script.add(.flowCompleted, user: "u2", at: 3)
        let report = try ReportBuilder.report(events: script.events, options: Self.options(funnel: .screensInOrderSeen), inputs: [])
        let arms = try #require(report.experiments.first).arms
        #expect(arms.map(\.users) == [1, 1])
        #expect(arms.map(\.goalConversions) == [1, 1])
        #expect(report.diagnostics == [ReportBuilder.outOfOrderNote(users: 1)])
    }

    @Test("An event of the exposure's millisecond that arrived before the exposure counts from it")
    func sameMillisecondAsExposure() throws {
        var script = EventScript()
        script.show("welcome", to: "u1", at: 1)
        script.expose("u1", to: "A", at: 1)
        let report = try ReportBuilder.report(events: script.events, options: Self.options(funnel: Self.configured), inputs: [])
        #expect(report.experiments.first?.arms.first?.steps.first?.users == 1)
    }

    @Test("Building a report before rereading what the accumulator asked for is an error, not a wrong count")
    func rereadRequired() throws {
        var script = EventScript()
        script.expose("u0", to: "A", at: 0)
        script.add(.flowCompleted, user: "u1", at: 5)
        script.expose("u1", to: "A", at: 1)
        var accumulator = ExperimentLogAccumulator(options: Self.options(funnel: .screensInOrderSeen))
        accumulator.consume(contentsOf: script.events)
        #expect(accumulator.rereadLength == 2)
        #expect(throws: ReportError.logNotReread(events: 2)) {
            try ReportBuilder.report(from: accumulator, inputs: [])
        }
    }
}
