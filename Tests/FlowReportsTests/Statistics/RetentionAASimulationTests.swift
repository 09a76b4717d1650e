import FlowEvents
import Foundation
import SeededRandom
import Testing
@testable import FlowReports

/// A/A simulations of a retention metric: both arms' users come back alike, arrive over 14 days, and the log ends
/// before the last ones' week is over, so the users measured are a subset chosen by arrival, not by arm. A difference
/// the report finds is a false alarm: p < 0.05 in about 5% of runs (Wilson interval), and the users left out are
/// about the same share in both arms.
@Suite("Retention A/A: the share of false alarms stays at about alpha")
struct RetentionAASimulationTests {
    static let day: Int64 = 86_400_000

    static func options() throws -> ReportOptions {
        let week = MetricDefinition(
            id: "week", name: "Came back in the week after",
            kind: .retention(EventMatcher(type: .sessionStarted), days: try #require(RetentionDays(first: 1, last: 7))), direction: .higherIsBetter
        )
        return ReportOptions(experiments: [
            "shop": ExperimentAnalysisPlan(
                variations: ["A", "B"],
                funnel: FunnelDefinition(steps: [], conversionWindowSeconds: 60, goal: EventMatcher(type: .flowCompleted)),
                secondaryMetrics: ["week"], metricDefinitions: ["week": week]
            ),
        ])
    }

    /// One run: `users` users split at random between the arms, arriving uniformly over 14 days; each comes back on
    /// each later day with one chance, drawn per user (some come back often, some never), until the log ends on day 14.
    static func run(users: Int, options: ReportOptions, generator: inout SplitMix64) throws -> MetricComparisonReport {
        var events: [FlowEvent] = []
        func event(_ type: EventType, _ user: Int, at time: Int64, variant: String? = nil) -> FlowEvent {
            FlowEvent(
                time: EventTimestamp(millisecondsSince1970: EventScript.origin + time), session: "s\(user)-\(time)", user: "u\(user)",
                experiment: variant == nil ? nil : "shop", variant: variant, type: type, screen: nil, action: nil, properties: [:]
            )
        }
        for user in 0..<users {
            let variant = generator.nextUnit() < 0.5 ? "A" : "B"
            let arrival = Int64(generator.nextUnit() * Double(14 * Self.day))
            events.append(event(.exposure, user, at: arrival, variant: variant))
            let chance = generator.nextUnit() * 0.3
            var day = arrival / Self.day + 1
            while day < 14 {
                if generator.nextUnit() < chance { events.append(event(.sessionStarted, user, at: day * Self.day + Int64(generator.next(below: 86_400_000)))) }
                day += 1
            }
        }
        events.append(event(.sessionStarted, users, at: 14 * Self.day))
        let report = try ReportBuilder.report(events: events, options: options, inputs: [])
        return try #require(report.experiments.first?.metrics.first)
    }

    @Test("Over 400 A/A runs of 600 users, p < 0.05 in about 5% of runs, and the users measured are the 6 in 14 whose week ended in the log")
    func falseAlarms() throws {
        let options = try Self.options()
        var generator = SplitMix64(seed: 7)
        let runs = 400
        var alarms = 0
        var measuredShares: [Double] = []
        for _ in 0..<runs {
            let metric = try Self.run(users: 600, options: options, generator: &generator)
            if metric.pValue < 0.05 { alarms += 1 }
            let measured = metric.controlUsers + metric.treatmentUsers
            measuredShares.append(Double(measured) / Double(measured + (metric.controlMissingUsers ?? 0) + (metric.treatmentMissingUsers ?? 0)))
        }
        let interval = CupedSimulationTests.wilson(alarms, runs)
        #expect(interval.contains(0.05), "\(alarms) false alarms in \(runs) runs, Wilson \(interval)")
        // Users arriving after day 6 cannot have a whole week before day 14: about 6/14 of them are measured.
        let meanShare = measuredShares.reduce(0, +) / Double(runs)
        #expect(abs(meanShare - 6.0 / 14) < 0.02, "\(meanShare)")
    }
}
