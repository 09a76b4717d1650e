import FlowEvents
import FlowReports
import Testing

/// Odd but possible inputs give defined results.
@Suite("Robustness: odd inputs never trap")
struct RobustnessTests {
    @Test("Back and failure events without screen or reason are counted under (none) and (unspecified)")
    func missingScreenAndReason() throws {
        var script = EventScript()
        script.expose("u", to: "A", at: 0)
        script.add(.back, user: "u", at: 1)
        script.add(.mutation, user: "u", at: 2, properties: ["outcome": "failed"])
        script.add(.mutation, user: "u", at: 3, screen: "signup", properties: ["outcome": "succeeded"])
        let report = try ReportBuilder.report(events: script.events, options: ReportOptions(), inputs: [])
        #expect(report.experiments[0].arms[0].screens == [
            ScreenReport(screen: "(none)", backNavigations: 1, failedMutations: 1,
                         failuresByReason: [ReasonCount(reason: "(unspecified)", count: 1)]),
        ])
    }

    @Test("Extreme timestamps and out-of-order events do not overflow or count backwards")
    func extremeTimes() throws {
        let events = [
            FlowEvent(time: EventTimestamp(millisecondsSince1970: .max), session: "s", user: "u", experiment: "e",
                      variant: "A", type: .exposure),
            FlowEvent(time: EventTimestamp(millisecondsSince1970: .min), session: "s", user: "u", type: .screenShown,
                      screen: "welcome"),
            FlowEvent(time: EventTimestamp(millisecondsSince1970: .max), session: "s", user: "u", type: .flowCompleted),
        ]
        let report = try ReportBuilder.report(events: events, options: ReportOptions(), inputs: [])
        let arm = report.experiments[0].arms[0]
        #expect(arm.users == 1)
        #expect(arm.goalConversions == 1)
        #expect(arm.steps.isEmpty)  // the only screen was stamped before the exposure
    }

    @Test("Every format renders a report with no experiments and no inputs")
    func emptyReport() {
        let report = Report(mode: .report, alpha: 0.05, inputs: [], diagnostics: [], experiments: [])
        for format in ReportFormat.allCases {
            #expect(format.renderer(colors: true).render(report).unicodeScalars.last == "\n")
        }
    }

    @Test("Every format renders non-finite statistics without trapping")
    func nonFiniteStatistics() {
        var report = ReportFixtures.sample
        report.alpha = .nan
        report.experiments[0].analysis.comparisons[0].absoluteInterval = ConfidenceInterval(lower: -.infinity, upper: .nan)
        report.experiments[0].analysis.comparisons[0].pValue = .nan
        report.experiments[0].arms[0].steps[0].medianSecondsToConvert = .infinity
        report.experiments[0].arms[0].goalConversionRate = .nan
        for format in ReportFormat.allCases {
            #expect(!format.renderer(colors: false).render(report).isEmpty)
        }
    }
}
