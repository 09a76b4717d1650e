import FlowEvents
import FlowReports
import Foundation
import SeededRandom
import Testing

/// Devices deliver at least once: a log can hold the same event twice. Every event is counted once, by its identity
/// (user, session, `seq`; without `seq`, every field), and the report says how many deliveries it ignored.
@Suite("Duplicate deliveries: each event counted once")
struct DuplicateDeliveryTests {
    /// Two users of A and B who go back, fail a mutation, order with an amount and complete.
    static let options = ReportOptions(experiments: [
        "onboarding": ExperimentAnalysisPlan(
            funnel: FunnelDefinition(steps: [], conversionWindowSeconds: 600, goal: EventMatcher(type: .flowCompleted))
        ),
    ])

    static var log: [FlowEvent] {
        var script = EventScript()
        for (index, user) in ["u1", "u2", "u3", "u4"].enumerated() {
            let start = Double(index)
            script.add(.sessionStarted, user: user, at: start)
            script.expose(user, to: index.isMultiple(of: 2) ? "A" : "B", at: start)
            script.show("welcome", to: user, at: start + 1)
            script.show("signup", to: user, at: start + 2)
            script.add(.back, user: user, at: start + 3, screen: "signup", properties: ["to": "welcome"])
            script.add(.action, user: user, at: start + 3, screen: "welcome", action: "retry")
            script.add(.mutation, user: user, at: start + 4, screen: "welcome",
                       properties: ["operation": "create_account", "outcome": "failed", "reason": "email_taken"])
            script.show("signup", to: user, at: start + 5)
            if index < 3 { script.add(.flowCompleted, user: user, at: start + 6) }
        }
        return script.events
    }

    /// `events` as a recorder writes them: each session's events numbered from 0 in order.
    static func numbered(_ events: [FlowEvent]) -> [FlowEvent] {
        var next: [String: Int] = [:]
        return events.map { event in
            var event = event
            event.sequence = next[event.session, default: 0]
            next[event.session, default: 0] += 1
            return event
        }
    }

    static func report(_ events: [FlowEvent]) throws -> Report {
        try ReportBuilder.report(events: events, options: options, inputs: ["events.jsonl"])
    }

    @Test("A log concatenated with itself gives the log's report, and says how many events it ignored")
    func concatenatedWithItself() throws {
        let log = Self.numbered(Self.log)
        let once = try Self.report(log)
        let twice = try Self.report(log + log)
        #expect(once.duplicateEvents == 0)
        #expect(twice.duplicateEvents == log.count)
        #expect(twice.experiments == once.experiments)
        #expect(twice.diagnostics.contains(ReportBuilder.duplicatesNote(events: log.count)))
        let arm = try #require(once.experiments.first?.arms.first)
        #expect(arm.screens.map(\.backNavigations).reduce(0, +) == 2)
    }

    @Test("Duplicates in any order, across users out of time order, leave the report unchanged", arguments: [1, 2, 3, 4, 5])
    func anyOrder(seed: UInt64) throws {
        let log = Self.numbered(Self.log)
        var generator = SplitMix64(seed: seed)
        let redelivered = (log + log.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)).shuffled(using: &generator)
        let report = try Self.report(redelivered)
        #expect(report.experiments == (try Self.report(log)).experiments)
        #expect(report.duplicateEvents == (log.count + 2) / 3)
    }

    @Test("Without seq, identical events are one event, and events that differ in any field are two")
    func logsWithoutSequence() throws {
        let once = try Self.report(Self.log)
        let twice = try Self.report(Self.log + Self.log.reversed())
        #expect(twice.experiments == once.experiments)
        #expect(twice.duplicateEvents == Self.log.count)
        // A second back of u1 on the same screen a millisecond later is another event.
        var second = try #require(Self.log.first { $0.type == .back && $0.user == "u1" })
        second.time = EventTimestamp(millisecondsSince1970: second.time.millisecondsSince1970 + 1)
        let more = try Self.report(Self.log + [second])
        #expect(more.duplicateEvents == 0)
        let backs = try #require(more.experiments.first?.arms.first?.screens.first { $0.screen == "signup" })
        #expect(backs.backNavigations == 3, "u1's two and u3's one")
    }

    @Test("Events with the same seq in different sessions or of different users are different events")
    func identityNamesSessionAndUser() throws {
        var log = Self.numbered(Self.log)
        // u1's second session: its events numbered from 0 again.
        let u1 = log.filter { $0.user == "u1" }
        log += u1.map { event in
            var event = event
            event.session = "s-u1-again"
            event.time = EventTimestamp(millisecondsSince1970: event.time.millisecondsSince1970 + 100_000)
            return event
        }
        let report = try Self.report(log)
        #expect(report.duplicateEvents == 0)
        let signup = try #require(report.experiments.first?.arms.first?.screens.first { $0.screen == "signup" })
        #expect(signup.backNavigations == 3)
    }

    @Test("The files' reader counts duplicates among the events the report leaves unread as well, as in-memory events do")
    func filesAgreeWithEvents() throws {
        let directory = try TemporaryFolder()
        let log = Self.numbered(Self.log)
        let lines = log.map(JSONLineEncoder.line(for:)).joined()
        let first = try directory.file("a.jsonl", text: lines)
        // A second device's upload of half the log, retried.
        let second = try directory.file("b.jsonl", text: log.prefix(log.count / 2).map(JSONLineEncoder.line(for:)).joined())
        let fromFiles = try EventLogReport.report(of: [second, first], options: Self.options)
        let fromEvents = try Self.report(Array(log.prefix(log.count / 2)) + log)
        #expect(fromFiles.duplicateEvents == log.count / 2)
        #expect(fromFiles.experiments == fromEvents.experiments)
        #expect(fromFiles.duplicateEvents == fromEvents.duplicateEvents)
        // Reading on one thread, every event handed over, counts the same.
        var accumulator = ExperimentLogAccumulator(options: Self.options)
        _ = try EventLogReport.readInOrder([second, first], into: &accumulator)
        #expect(accumulator.duplicateEvents == log.count / 2)
    }

    @Test("compare counts each event of a log once")
    func compareMode() throws {
        let log = Self.numbered(Self.log)
        let arms = ["A", "B"].map { variant in
            var accumulator = ArmLogAccumulator()
            let events = log.filter { event in
                log.contains { $0.user == event.user && $0.type == .exposure && $0.variant == variant }
            }
            accumulator.consume(contentsOf: events + events)
            return ComparedLog(label: "\(variant).jsonl", accumulator: accumulator)
        }
        let report = try ReportBuilder.compare(arms, options: CompareOptions())
        #expect(report.duplicateEvents == log.count)
        #expect(report.experiments.first?.arms.map(\.users) == [2, 2])
    }

    @Test("Every format says how many duplicate events it ignored", arguments: ReportFormat.allCases)
    func everyFormat(format: ReportFormat) throws {
        let log = Self.numbered(Self.log)
        let report = try Self.report(log + log.prefix(5))
        let text = format.renderer().render(report)
        switch format {
        case .json: #expect(text.contains(#""duplicate_events" : 5"#))
        case .csv:
            let header = try #require(text.split(separator: "\r\n").first)
            #expect(header.hasSuffix(",duplicate_events"))
            #expect(text.split(separator: "\r\n").dropFirst().allSatisfy { $0.hasSuffix(",5") })
        default: #expect(text.contains("5 duplicate events ignored"))
        }
    }
}
