import FlowEvents
@testable import FlowReports
import Testing

/// A session's `session_started` logged before its `exposure` in the same millisecond, as the recorder writes them:
/// when the session start counts (a segment, a metric on it), the window the exposure opens takes it without
/// calling the user's events out of order, and every count equals the one of the exposure logged first.
@Suite("Report mode: a session start logged before the exposure of its millisecond")
struct SessionStartBeforeExposureTests {
    static let day: Int64 = 86_400_000

    static func options(cuped: Bool = false) throws -> ReportOptions {
        let sessionDay = MetricDefinition(
            id: "started-that-day", name: "Started a session on the day of exposure",
            kind: .retention(EventMatcher(type: .sessionStarted), days: try #require(RetentionDays(first: 0, last: 0))),
            direction: .higherIsBetter
        )
        let sessions = MetricDefinition(
            id: "sessions", name: "Sessions", kind: .mean(MetricValue(events: EventMatcher(type: .sessionStarted))), direction: .higherIsBetter
        )
        var plan = ExperimentAnalysisPlan(
            variations: ["A", "B"],
            funnel: FunnelDefinition(steps: [FunnelStep(name: "cart", matcher: .screenShown("cart"))], conversionWindowSeconds: 60,
                                     goal: EventMatcher(type: .flowCompleted)),
            secondaryMetrics: ["started-that-day", "sessions"], metricDefinitions: ["started-that-day": sessionDay, "sessions": sessions]
        )
        if cuped { plan.regressionAdjustment = try RegressionAdjustmentSettings(lookbackDays: 7) }
        return ReportOptions(experiments: ["shop": plan], segmentBy: "device")
    }

    /// Forty users, each a session whose start, exposure and first screen share a millisecond, in the order given by
    /// `exposureFirst`; every third user also had a session the day before, and the log runs two days.
    static func log(exposureFirst: Bool) -> [FlowEvent] {
        var events: [FlowEvent] = []
        func event(_ type: EventType, _ user: Int, at time: Int64, session: String, variant: String? = nil, screen: String? = nil,
                   properties: [String: String] = [:]) -> FlowEvent {
            FlowEvent(
                time: EventTimestamp(millisecondsSince1970: EventScript.origin + time), session: session, user: "u\(user)",
                experiment: variant == nil ? nil : "shop", variant: variant, type: type, screen: screen, action: nil, properties: properties
            )
        }
        for user in 0..<40 {
            let start = Self.day + Int64(user) * 60_000
            let device = ["device": user % 2 == 0 ? "phone" : "tablet"]
            if user % 3 == 0 {
                events.append(event(.sessionStarted, user, at: start - Self.day, session: "s\(user)-0", properties: device))
            }
            let session = "s\(user)-1"
            let started = event(.sessionStarted, user, at: start, session: session, properties: device)
            let exposure = event(.exposure, user, at: start, session: session, variant: user % 2 == 0 ? "A" : "B")
            events += exposureFirst ? [exposure, started] : [started, exposure]
            events.append(event(.screenShown, user, at: start, session: session, screen: "cart"))
            if user % 4 != 0 { events.append(event(.flowCompleted, user, at: start + 30_000, session: session)) }
        }
        events.append(event(.screenShown, 99, at: 3 * Self.day, session: "end", screen: "cart"))
        return events
    }

    static func accumulated(_ events: [FlowEvent], options: ReportOptions) -> ExperimentLogAccumulator {
        var accumulator = ExperimentLogAccumulator(options: options)
        accumulator.consume(contentsOf: events)
        return accumulator
    }

    @Test("Logged as the recorder writes it, no user is out of order and nothing is kept to count again; the counts equal the exposure-first log's")
    func takenByTheWindow() throws {
        let options = try Self.options()
        let recorded = Self.accumulated(Self.log(exposureFirst: false), options: options)
        #expect(recorded.outOfOrderUsers == 0)
        #expect(recorded.rereadLength == nil)
        let canonical = try ReportBuilder.report(events: Self.log(exposureFirst: true), options: options, inputs: [])
        let report = try ReportBuilder.report(from: recorded, inputs: [])
        #expect(report == canonical)
        let experiment = try #require(report.experiments.first)
        // The session start of the exposure's millisecond is in its window: every user started a session that day.
        let sameDay = try #require(experiment.metrics.first { $0.metric == "started-that-day" })
        #expect(sameDay.controlMean == 1 && sameDay.treatmentMean == 1)
        let sessions = try #require(experiment.metrics.first { $0.metric == "sessions" })
        #expect(sessions.controlMean == 1 && sessions.treatmentMean == 1)
        #expect(Set(experiment.segments.map(\.value)) == ["phone", "tablet"])
    }

    @Test("With CUPED, whose lookback read the session start before the exposure arrived, the user is counted again: the same numbers")
    func cupedCountsAgain() throws {
        let options = try Self.options(cuped: true)
        let recorded = Self.accumulated(Self.log(exposureFirst: false), options: options)
        #expect(recorded.outOfOrderUsers == 40)
        let canonical = try ReportBuilder.report(events: Self.log(exposureFirst: true), options: options, inputs: [])
        let report = try ReportBuilder.report(events: Self.log(exposureFirst: false), options: options, inputs: [])
        #expect(report.experiments == canonical.experiments)
    }
}
