import FlowEvents
@testable import FlowReports
import Testing

@Suite("Observed paths: each user's screens in their window, in time order, whatever the line order")
struct ObservedPathTests {
    static let funnel = FunnelDefinition(steps: [], conversionWindowSeconds: 600, goal: EventMatcher(type: .flowCompleted))

    private func paths(_ events: [FlowEvent], top: Int = 10, lengthLimit: Int? = nil) throws -> [String: ObservedPathsReport] {
        var options = ReportOptions(experiments: ["onboarding": ExperimentAnalysisPlan(variations: ["A", "B"], funnel: Self.funnel)], topPaths: top)
        if let lengthLimit { options.pathLengthLimit = lengthLimit }
        var accumulator = ExperimentLogAccumulator(options: options)
        accumulator.consume(contentsOf: events)
        if let length = accumulator.rereadLength {
            _ = accumulator.reread(Array(events.prefix(length)))
        }
        let report = try ReportBuilder.report(from: accumulator, inputs: ["log"])
        return Dictionary(uniqueKeysWithValues: try #require(report.experiments.first).arms.compactMap { arm in arm.paths.map { (arm.variant, $0) } })
    }

    private static func text(_ paths: ObservedPathsReport) -> [String] {
        paths.top.map { "\($0.users) \($0.text)" }
    }

    /// Two users of A (one converts), one of B; screens before the exposure or after the window do not count.
    static var walks: [FlowEvent] {
        var script = EventScript()
        script.show("splash", to: "u1", at: 0)
        script.expose("u1", to: "A", at: 1)
        script.show("welcome", to: "u1", at: 1)
        script.show("welcome", to: "u1", at: 2)
        script.show("signup", to: "u1", at: 3)
        script.show("home", to: "u1", at: 4)
        script.add(.flowCompleted, user: "u1", at: 4)
        script.expose("u2", to: "A", at: 10)
        script.show("welcome", to: "u2", at: 10)
        script.show("signup", to: "u2", at: 12)
        script.show("home", to: "u2", at: 700)
        script.add(.flowCompleted, user: "u2", at: 700)
        script.expose("u3", to: "B", at: 20)
        return script.events
    }

    @Test("a path is the screens of the window; a screen right after itself counts once; the ending is the goal or where the user left")
    func paths() throws {
        let reports = try paths(Self.walks)
        let a = try #require(reports["A"])
        #expect(Self.text(a) == ["1 welcome > signup > home (goal)", "1 welcome > signup (left)"])
        #expect(a.top.map(\.share) == [0.5, 0.5])
        #expect(a.leftOn == [ScreenUsersReport(screen: "signup", users: 1, share: 0.5)])
        #expect(a.transitions.map { "\($0.from)>\($0.to) \($0.users)" } == ["(start)>welcome 2", "welcome>signup 2", "signup>home 1"])
        let b = try #require(reports["B"])
        #expect(Self.text(b) == ["1 (no screen) (left)"])
        #expect(b.leftOn == [ScreenUsersReport(screen: "(none)", users: 1, share: 1)])
    }

    @Test("screens of one millisecond are taken by name, in whichever order their lines come")
    func simultaneousScreens() throws {
        for order in [["b", "a"], ["a", "b"]] {
            var script = EventScript()
            script.expose("u1", to: "A", at: 1)
            script.show("start", to: "u1", at: 1)
            for screen in order { script.show(screen, to: "u1", at: 2) }
            script.show("a", to: "u1", at: 3)
            let a = try #require(try paths(script.events)["A"])
            #expect(Self.text(a) == ["1 start > a > b > a (left)"], "\(order)")
        }
    }

    @Test("any line order, even the reverse, gives the same paths")
    func lineOrder() throws {
        let forward = try paths(LineOrderTests.log)
        let backward = try paths(LineOrderTests.log.reversed())
        #expect(!forward.isEmpty)
        #expect(forward == backward)
    }

    @Test("only the most common paths are listed; the others are counted together; ties by ending, then screens")
    func top() throws {
        let a = try #require(try paths(Self.walks, top: 1)["A"])
        #expect(Self.text(a) == ["1 welcome > signup > home (goal)"])
        #expect(a.otherUsers == 1 && a.distinctPaths == 2)
    }

    @Test("paths longer than the cap are counted as such, exactly; where users left stays exact")
    func cap() throws {
        let a = try #require(try paths(Self.walks, lengthLimit: 2)["A"])
        // welcome > signup has two screens; welcome > signup > home is one too many.
        #expect(Self.text(a) == ["1 welcome > signup (left)"])
        #expect(a.usersBeyondCap == 1)
        #expect(a.leftOn == [ScreenUsersReport(screen: "signup", users: 1, share: 0.5)])
    }

    @Test("no paths are counted unless asked for, and the events they need are then left undecoded")
    func off() throws {
        #expect(try paths(Self.walks, top: 0).isEmpty)
        let mutations = FunnelDefinition(steps: [FunnelStep(name: "Saved", matcher: EventMatcher(type: .mutation))], goal: EventMatcher(type: .flowCompleted))
        let plans = ["x": ExperimentAnalysisPlan(variations: ["A"], funnel: mutations)]
        #expect(ExperimentEventFilter(options: ReportOptions(experiment: "x", experiments: plans)).irrelevantTypes.contains(.screenShown))
        let on = ExperimentEventFilter(options: ReportOptions(experiment: "x", experiments: plans, topPaths: 5))
        #expect(!on.irrelevantTypes.contains(.screenShown))
    }
}
