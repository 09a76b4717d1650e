import FlowEvents
import FlowReports
import Testing

/// Results broken down by a property of each user's session start, and the test of whether effects differ.
@Suite("Report mode: segments")
struct SegmentTests {
    /// 400 users per shell. On phones B converts 80% against A's 40%; on tablets B converts 30% against A's 60%.
    /// Ten more users log no session start.
    static var log: [FlowEvent] {
        var script = EventScript()
        for index in 0..<800 {
            let user = "u\(index)"
            let shell = index < 400 ? "phone" : "tablet"
            let isB = index % 2 == 1
            let start = Double(index)
            script.add(.sessionStarted, user: user, at: start, properties: ["shell": shell, "auth": isB ? "B" : "A"])
            script.expose(user, to: isB ? "B" : "A", at: start)
            let slot = (index / 2) % 10
            let converts = shell == "phone" ? slot < (isB ? 8 : 4) : slot < (isB ? 3 : 6)
            if converts { script.add(.flowCompleted, user: user, at: start + 0.5) }
        }
        for index in 800..<810 {
            script.expose("u\(index)", to: index % 2 == 1 ? "B" : "A", at: Double(index))
        }
        return script.events
    }

    static let options = ReportOptions(
        experiments: ["onboarding": ExperimentAnalysisPlan(variations: ["A", "B"])], segmentBy: "shell"
    )

    static func experiment(_ events: [FlowEvent] = log) throws -> ExperimentReport {
        try #require(try ReportBuilder.report(events: events, options: options, inputs: []).experiments.first)
    }

    @Test("Each segment has its own counts, comparison and sample-ratio check; users without the property are unknown")
    func segments() throws {
        let experiment = try Self.experiment()
        #expect(experiment.segmentBy == "shell")
        #expect(experiment.segments.map(\.value) == ["(unknown)", "phone", "tablet"])
        let phone = try #require(experiment.segments.first { $0.value == "phone" }?.analysis.comparisons.first)
        #expect(phone.controlCounts.users == 200 && phone.controlCounts.conversions == 80)
        #expect(phone.treatmentCounts.users == 200 && phone.treatmentCounts.conversions == 160)
        #expect(phone.isSignificant && phone.absoluteDifference > 0)
        let tablet = try #require(experiment.segments.first { $0.value == "tablet" }?.analysis.comparisons.first)
        #expect(tablet.isSignificant && tablet.absoluteDifference < 0)
        #expect(experiment.segments.allSatisfy { $0.analysis.sampleRatio?.isMismatch == false })
        #expect(experiment.segments.first?.analysis.comparisons.first?.treatmentCounts.users == 5)
    }

    @Test("A treatment whose effect differs between segments is flagged, in the verdict too")
    func interaction() throws {
        let experiment = try Self.experiment()
        let interaction = try #require(experiment.segmentInteractions.first)
        #expect(interaction.variant == "B" && interaction.segments == 3 && interaction.differsBetweenSegments)
        #expect(experiment.analysis.verdict.contains("B's effect differs between shell segments (Cochran's Q p < 0.001)"))
    }

    @Test("Segments do not depend on line order")
    func anyOrder() throws {
        #expect(try Self.experiment(Self.log.reversed()) == Self.experiment())
    }
}
