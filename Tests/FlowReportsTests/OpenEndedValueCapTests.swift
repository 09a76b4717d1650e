import FlowEvents
import FlowReports
import Testing

/// Segment values and failure reasons are open-ended: a log can hold a new one on every line. A report lists at most
/// a fixed number by name, the largest, and counts the others together, so its size does not follow their number.
@Suite("Segment values and failure reasons beyond the listed are folded into (other) and counted")
struct OpenEndedValueCapTests {
    static let listed = SegmentReport.maximumListed

    /// `values` segment values over `values * 2 + 40` users, alternating A and B: value `v0` has 40 extra users
    /// (all converting), every other value two users.
    static func segmentLog(values: Int) -> [FlowEvent] {
        var script = EventScript()
        var index = 0
        func user(_ value: String, converts: Bool) {
            let name = "u\(index)"
            script.expose(name, to: index.isMultiple(of: 2) ? "A" : "B", at: Double(index))
            script.add(.sessionStarted, user: name, at: Double(index) + 0.1, properties: ["shell": value])
            if converts { script.add(.flowCompleted, user: name, at: Double(index) + 0.2) }
            index += 1
        }
        for _ in 0..<40 { user("v0", converts: true) }
        for value in 0..<values {
            user("v\(value)", converts: false)
            user("v\(value)", converts: value.isMultiple(of: 3))
        }
        return script.events
    }

    static let segmentOptions = ReportOptions(
        experiments: ["onboarding": ExperimentAnalysisPlan(variations: ["A", "B"])], segmentBy: "shell"
    )

    static func experiment(_ events: [FlowEvent], options: ReportOptions) throws -> ExperimentReport {
        try #require(try ReportBuilder.report(events: events, options: options, inputs: []).experiments.first)
    }

    @Test("At the cap every value is a segment, in value order, and nothing is said")
    func segmentsAtTheCap() throws {
        let experiment = try Self.experiment(Self.segmentLog(values: Self.listed), options: Self.segmentOptions)
        #expect(experiment.segments.count == Self.listed)
        #expect(experiment.segments.map(\.value) == experiment.segments.map(\.value).sorted())
        #expect(experiment.otherSegmentValues == nil)
        #expect(!experiment.notes.contains { $0.contains("(other)") })
    }

    @Test("Past the cap: the values with the most users are listed, the others are one segment (other), counted")
    func segmentsPastTheCap() throws {
        let values = 5 * Self.listed
        let experiment = try Self.experiment(Self.segmentLog(values: values), options: Self.segmentOptions)
        #expect(experiment.segments.count == Self.listed + 1)
        #expect(experiment.segments.last?.value == SegmentReport.otherValue)
        #expect(experiment.segments.contains { $0.value == "v0" }, "the value with the most users")
        #expect(experiment.otherSegmentValues == values - Self.listed)
        let users = experiment.segments.map { segment in
            segment.analysis.comparisons.first.map { $0.controlCounts.users + $0.treatmentCounts.users } ?? 0
        }
        #expect(users.reduce(0, +) == values * 2 + 40, "every user is in one segment")
        #expect(users.last == (values - Self.listed) * 2)
        #expect(experiment.notes.contains("400 shell values beyond the 100 with the most users are counted together as the segment (other)"))
        #expect(experiment.segmentInteractions.first?.segments == Self.listed + 1)
    }

    /// One screen whose failed mutations give `reasons` distinct reasons, reason `r<i>` `i + 1` times, in arm A.
    static func reasonLog(reasons: Int) -> [FlowEvent] {
        var script = EventScript()
        script.expose("u", to: "A", at: 0)
        var seconds = 1.0
        for reason in 0..<reasons {
            for _ in 0...reason {
                // A millisecond apart: equal events without sequence numbers would be one event delivered twice.
                seconds += 0.001
                script.add(.mutation, user: "u", at: seconds, screen: "pay", properties: ["outcome": "failed", "reason": "r\(reason)"])
            }
        }
        return script.events
    }

    static let reasonOptions = ReportOptions(experiments: ["onboarding": ExperimentAnalysisPlan(variations: ["A"])])

    @Test("Past the cap: a screen lists its most frequent reasons and counts the others' failures under (other)")
    func reasonsPastTheCap() throws {
        let reasons = ScreenReport.maximumListedReasons + 30
        let experiment = try Self.experiment(Self.reasonLog(reasons: reasons), options: Self.reasonOptions)
        let screen = try #require(experiment.arms.first?.screens.first { $0.screen == "pay" })
        #expect(screen.failedMutations == reasons * (reasons + 1) / 2)
        #expect(screen.failuresByReason.count == ScreenReport.maximumListedReasons + 1)
        #expect(screen.failuresByReason.last == ReasonCount(reason: ScreenReport.otherReason, count: 30 * 31 / 2))
        #expect(screen.otherReasons == 30)
        #expect(!screen.failuresByReason.contains { $0.reason == "r29" } && screen.failuresByReason.contains { $0.reason == "r30" })
        #expect(experiment.notes.contains(
            "A: 30 failure reasons beyond the 100 most frequent of their screen (on 1 screen) are counted together as (other)"
        ))
    }

    @Test("At the cap every reason is listed and nothing is said")
    func reasonsAtTheCap() throws {
        let experiment = try Self.experiment(Self.reasonLog(reasons: ScreenReport.maximumListedReasons), options: Self.reasonOptions)
        let screen = try #require(experiment.arms.first?.screens.first)
        #expect(screen.failuresByReason.count == ScreenReport.maximumListedReasons)
        #expect(screen.otherReasons == nil)
        #expect(!experiment.notes.contains { $0.contains("(other)") })
    }

    @Test("Past the cap: an arm lists the screens with the most backs and failures, and counts the others as (other)")
    func screensPastTheCap() throws {
        var script = EventScript()
        script.expose("u", to: "A", at: 0)
        let screens = ScreenReport.maximumListed + 20
        var seconds = 1.0
        for screen in 0..<screens {
            // Screen `p<i>` is left `i + 1` times; the last 20 screens also fail once each.
            for _ in 0...screen {
                seconds += 0.001
                script.add(.back, user: "u", at: seconds, screen: "p\(screen)")
            }
            if screen >= ScreenReport.maximumListed {
                script.add(.mutation, user: "u", at: seconds, screen: "p\(screen)", properties: ["outcome": "failed", "reason": "x"])
            }
        }
        let experiment = try Self.experiment(script.events, options: Self.reasonOptions)
        let arm = try #require(experiment.arms.first)
        #expect(arm.screens.count == ScreenReport.maximumListed + 1)
        #expect(arm.otherScreens == 20)
        let other = try #require(arm.screens.last)
        #expect(other.screen == ScreenReport.otherScreen)
        #expect(other.backNavigations == (1...20).reduce(0, +))
        #expect(other.failedMutations == 0)
        #expect(!arm.screens.contains { $0.screen == "p19" } && arm.screens.contains { $0.screen == "p20" })
        #expect(arm.screens.dropLast().map(\.screen) == arm.screens.dropLast().map(\.screen).sorted())
        #expect(arm.screens.reduce(0) { $0 + $1.failedMutations } == 20)
        #expect(experiment.notes.contains(
            "A: 20 screens beyond the 100 with the most back navigations and failed mutations are counted together as the screen (other)"
        ))
    }
}
