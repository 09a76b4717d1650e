import FlowEvents
import Testing
@testable import FlowReports

/// Logs with a great many experiments or variants: the work grows with the log, never with its square.
@Suite("Reports over many experiments and variants")
struct ManyExperimentsTests {
    /// User `u<i>` exposed to experiment `e<i>`, then shown `screens` screens.
    static func oneUserPerExperiment(_ experiments: Int, screens: Int) -> [FlowEvent] {
        var script = EventScript()
        for index in 0..<experiments {
            script.expose("u\(index)", to: "a", in: "e\(index)", at: Double(index))
            for screen in 0..<screens {
                script.show("screen\(screen)", to: "u\(index)", at: Double(index) + 0.1)
            }
        }
        return script.events
    }

    @Test("each event reaches only the experiments its user was exposed to, not every experiment in the log")
    func eventsReachOnlyTheirUsersExperiments() {
        var accumulator = ExperimentLogAccumulator()
        accumulator.consume(contentsOf: Self.oneUserPerExperiment(3_000, screens: 3))
        // The exposure and three screens of each user, each handed to one experiment.
        #expect(accumulator.eventsRoutedToExperiments == 3_000 * 4)
        #expect(accumulator.experimentKeys.count == 3_000)
    }

    @Test("a user exposed to several experiments counts in each of them")
    func userInSeveralExperiments() throws {
        var script = EventScript()
        script.expose("u1", to: "a", in: "first", at: 0)
        script.expose("u1", to: "b", in: "second", at: 1)
        script.expose("u2", to: "a", in: "second", at: 2)
        script.show("welcome", to: "u1", at: 3)
        var accumulator = ExperimentLogAccumulator()
        accumulator.consume(contentsOf: script.events)
        #expect(accumulator.eventsRoutedToExperiments == 1 + 2 + 1 + 2)
        let report = try ReportBuilder.report(from: accumulator, inputs: ["log"])
        #expect(report.experiments.map(\.key) == ["first", "second"])
        #expect(report.experiments[0].arms.map(\.users) == [1])
        #expect(report.experiments[1].arms.map(\.variant) == ["b", "a"])
        #expect(report.experiments[1].arms[0].steps.first?.name == "welcome")
    }

    /// Users `u<i>` and `again<i>` exposed to variant `v<i>` of experiment `wide`, for `variants` variants.
    static func twoUsersPerVariant(_ variants: Int) -> [FlowEvent] {
        var script = EventScript()
        for index in 0..<variants {
            script.expose("u\(index)", to: "v\(index)", in: "wide", at: Double(index))
            script.expose("again\(index)", to: "v\(index)", in: "wide", at: Double(index))
        }
        return script.events
    }

    @Test("an experiment with thousands of variants reports each variant once, in order of first exposure")
    func thousandsOfVariants() throws {
        var accumulator = ExperimentLogAccumulator()
        accumulator.consume(contentsOf: Self.twoUsersPerVariant(5_000))
        let aggregates = try #require(accumulator.exposures(of: "wide")?.aggregates(options: accumulator.options, logEnd: accumulator.latestEventTime))
        // Each user's record is read once to group the users by variant, then twice by their own variant's tally
        // (to discover its steps, then to count them): a fixed number of times, not once per variant.
        #expect(aggregates.userRecordsRead == 3 * 10_000)
        let report = try ReportBuilder.report(from: accumulator, inputs: ["log"])
        let arms = try #require(report.experiments.first?.arms)
        #expect(arms.map(\.variant) == (0..<5_000).map { "v\($0)" })
        #expect(arms.allSatisfy { $0.users == 2 })
    }

    @Test("paths and segments read each user's record once more each, however many variants")
    func pathsAndSegmentsOfManyVariants() throws {
        var accumulator = ExperimentLogAccumulator(options: ReportOptions(segmentBy: "platform", topPaths: 3))
        accumulator.consume(contentsOf: Self.twoUsersPerVariant(500))
        let aggregates = try #require(accumulator.exposures(of: "wide")?.aggregates(options: accumulator.options, logEnd: accumulator.latestEventTime))
        // Grouping, the tally's two reads, the paths, the segments.
        #expect(aggregates.userRecordsRead == 5 * 1_000)
        #expect(aggregates.paths.count == 500)
        #expect(aggregates.paths.values.allSatisfy { $0.otherUsers == 0 && $0.leftOn.map(\.users) == [2] })
        #expect(aggregates.segmentCounts[SegmentReport.unknownValue]?.count == 500)
    }
}
