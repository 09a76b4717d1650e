import FlowEvents
@testable import FlowReports
import Testing

/// Retention metrics: the share of users with a matching event on given days after their exposure, over the users
/// whose last day ended within the log, from a log whose every value is worked out by hand.
@Suite("Report mode: retention metrics")
struct RetentionMetricTests {
    static let day: Int64 = 86_400_000
    static let cameBack = EventMatcher(type: .sessionStarted)
    static let week = RetentionDays(first: 1, last: 7)!

    static func options(days: RetentionDays = week, alsoCUPED: Bool = false) throws -> ReportOptions {
        let definition = MetricDefinition(
            id: "came-back", name: "Came back in the week", kind: .retention(cameBack, days: days), direction: .higherIsBetter
        )
        var plan = ExperimentAnalysisPlan(
            variations: ["A", "B"],
            funnel: FunnelDefinition(steps: [FunnelStep(name: "cart", matcher: .screenShown("cart"))], conversionWindowSeconds: 60,
                                     goal: EventMatcher(type: .flowCompleted)),
            secondaryMetrics: ["came-back"], metricDefinitions: ["came-back": definition]
        )
        if alsoCUPED { plan.regressionAdjustment = try RegressionAdjustmentSettings(lookbackDays: 14) }
        return ReportOptions(experiments: ["shop": plan])
    }

    /// An event `milliseconds` after 2026-11-22T09:00:00Z.
    static func event(_ type: EventType, _ user: String, at milliseconds: Int64, variant: String? = nil) -> FlowEvent {
        FlowEvent(
            time: EventTimestamp(millisecondsSince1970: EventScript.origin + milliseconds), session: "s-\(user)-\(milliseconds)",
            user: user, experiment: variant == nil ? nil : "shop", variant: variant, type: type, screen: nil, action: nil, properties: [:]
        )
    }

    /// Days 1 to 7 are the milliseconds from 1 day to 8 days less 1 ms after the exposure. A: a1 comes back on day
    /// 3; a2 only on day 0; a3 only on day 8; a4, exposed 2 days in, never, and its window ends exactly when the
    /// log does. B: b1 comes back at day 1's first millisecond, b2 at day 7's last; b3, exposed 5 days in, comes
    /// back but its window ends after the log. The log ends with `logEndEvent`, an event of a user never exposed
    /// of a type no metric reads.
    static func log(logEnd: Int64 = 10 * day - 1) -> [FlowEvent] {
        var events: [FlowEvent] = []
        for (user, variant, exposed) in [("a1", "A", 0), ("a2", "A", 0), ("a3", "A", 0), ("a4", "A", 2 * day),
                                         ("b1", "B", 0), ("b2", "B", 0), ("b3", "B", 5 * day)] {
            events.append(event(.exposure, user, at: exposed, variant: variant))
        }
        events += [
            event(.sessionStarted, "a1", at: 3 * day + 5_000),
            event(.sessionStarted, "a2", at: 3_600_000),
            event(.sessionStarted, "a3", at: 8 * day + 1),
            event(.sessionStarted, "b1", at: day),
            event(.sessionStarted, "b2", at: 8 * day - 1),
            event(.sessionStarted, "b3", at: 6 * day + 1_000),
        ]
        events.append(event(.assignment, "z", at: logEnd))
        return events
    }

    static func comparison(of report: Report) throws -> MetricComparisonReport {
        try #require(report.experiments.first?.metrics.first { $0.metric == "came-back" })
    }

    @Test("A user retained has a matching event on the days, both ends' milliseconds included; users whose window ended after the log are left out and counted")
    func sharesOverMeasuredUsers() throws {
        let report = try ReportBuilder.report(events: Self.log(), options: try Self.options(), inputs: [])
        let metric = try Self.comparison(of: report)
        #expect(metric.kind == "retention")
        #expect(metric.controlUsers == 4 && metric.treatmentUsers == 2)
        #expect(metric.controlMean == 0.25 && metric.treatmentMean == 1)
        #expect(metric.controlMissingUsers == 0 && metric.treatmentMissingUsers == 1)
        #expect(metric.difference == 0.75)
    }

    @Test("The log ending one millisecond earlier leaves out the user whose window ended at that millisecond")
    func windowMustEndWithinTheLog() throws {
        let report = try ReportBuilder.report(events: Self.log(logEnd: 10 * Self.day - 2), options: try Self.options(), inputs: [])
        let metric = try Self.comparison(of: report)
        #expect(metric.controlUsers == 3 && metric.controlMissingUsers == 1)
        #expect(abs((metric.controlMean ?? 0) - 1.0 / 3) < 1e-15)
    }

    @Test("Read from files, with events no metric reads left unread, the log still ends at its latest event: the same report")
    func filesAgreeWithEvents() throws {
        let folder = try TemporaryFolder()
        let events = Self.log()
        // The latest event first, in a file of its own: where the log ends does not depend on line order.
        let late = try folder.file("late.jsonl", text: events.suffix(1).map(JSONLineEncoder.line(for:)).joined())
        let rest = try folder.file("rest.jsonl", text: events.dropLast().map(JSONLineEncoder.line(for:)).joined())
        let inMemory = try Self.comparison(of: ReportBuilder.report(events: events, options: try Self.options(), inputs: []))
        for workers in [0, 2] {
            let fromFiles = try Self.comparison(of: EventLogReport.report(of: [late, rest], options: try Self.options(), workers: workers))
            #expect(fromFiles == inMemory, "with \(workers) decoding threads")
        }
    }

    @Test("Day 0 is the 24 hours from the exposure: a return an hour in counts, one a day in does not")
    func dayZero() throws {
        let today = try #require(RetentionDays(first: 0, last: 0))
        let report = try ReportBuilder.report(events: Self.log(), options: try Self.options(days: today), inputs: [])
        let metric = try Self.comparison(of: report)
        // A: a2 (an hour in) of a1..a4; B: b1's return is at 1 day, outside day 0; b3 is measured now.
        #expect(metric.controlUsers == 4 && metric.controlMean == 0.25)
        #expect(metric.treatmentUsers == 3 && metric.treatmentMean == 0)
    }

    @Test("Under the experiment's CUPED a retention metric is compared unadjusted, and the report says so")
    func notAdjusted() throws {
        let report = try ReportBuilder.report(events: Self.log(), options: try Self.options(alsoCUPED: true), inputs: [])
        let metric = try Self.comparison(of: report)
        #expect(metric.cuped == nil)
        #expect(metric.controlMean == 0.25)
        let notes = try #require(report.experiments.first?.notes)
        #expect(notes.contains { $0.contains("compared unadjusted") && $0.contains("came-back") })
    }

    @Test("Days a config cannot ask for are refused: negative, past ten years, or out of order")
    func daysInRange() {
        #expect(RetentionDays(first: -1, last: 3) == nil)
        #expect(RetentionDays(first: 0, last: 3651) == nil)
        #expect(RetentionDays(first: 5, last: 2) == nil)
        #expect(RetentionDays(first: 3650, last: 3650)?.label == "day 3650")
        #expect(RetentionDays(first: 1, last: 7)?.label == "days 1–7")
    }
}
