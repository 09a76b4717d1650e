import FlowEvents
import Foundation
import SeededRandom
import Testing
@testable import FlowReports

/// A/A simulations of CUPED read from event logs, as a team's would be: users arrive over 14 days, order before
/// their exposure (their history, over UTC days of the lookback) and after it, both arms alike. Everything the report
/// does from the lines (the lookback's days, the exact sums, θ pooled over the arms) is in the loop, where
/// ``CupedSimulationTests`` draws the sums directly.
@Suite("CUPED A/A from logs: false alarms at alpha, narrower with a history that predicts, never wider without")
struct CUPEDLogAASimulationTests {
    /// One run of `users` users split at random: each has a propensity to order, drawn per user, that shapes both
    /// how often they ordered in the two weeks before exposure and how often they order in the hour after; with
    /// `historyPredicts` false, the history is drawn from a propensity of its own. Returns the revenue metric.
    static func run(users: Int, historyPredicts: Bool, generator: inout SplitMix64) throws -> MetricComparisonReport {
        var log = CUPEDLog(users: [])
        for index in 0..<users {
            let propensity = generator.nextUnit()
            let historyPropensity = historyPredicts ? propensity : generator.nextUnit()
            let amount = { (propensity: Double, generator: inout SplitMix64) in
                (1_000 + 3_000 * propensity + 500 * generator.nextUnit()).rounded()
            }
            var history: [Double] = []
            for _ in 0..<6 where generator.nextUnit() < 0.8 * historyPropensity {
                history.append(amount(historyPropensity, &generator))
            }
            var after: [Double] = []
            for _ in 0..<4 where generator.nextUnit() < 0.8 * propensity {
                after.append(amount(propensity, &generator))
            }
            log.users.append(CUPEDLog.User(
                id: "u\(index)", variant: generator.nextUnit() < 0.5 ? "A" : "B",
                exposedAt: 20 * CUPEDLog.day + (generator.nextUnit() * 14 * CUPEDLog.day).rounded(), history: history, after: after
            ))
        }
        let options = try CUPEDLog.options(metrics: ["revenue"], lookbackDays: 14)
        let report = try ReportBuilder.report(events: log.events, options: options, inputs: [])
        return try #require(report.experiments.first?.metrics.first)
    }

    /// 400 runs of 600 users from `seed`: how many gave p < 0.05, and each run's variance reduction.
    static func runs(historyPredicts: Bool, seed: UInt64) throws -> (alarms: Int, runs: Int, reductions: [Double]) {
        var generator = SplitMix64(seed: seed)
        let runs = 400
        var alarms = 0
        var reductions: [Double] = []
        for _ in 0..<runs {
            let revenue = try run(users: 600, historyPredicts: historyPredicts, generator: &generator)
            if revenue.pValue < 0.05 { alarms += 1 }
            reductions.append(try #require(revenue.cuped?.varianceReduction))
        }
        return (alarms, runs, reductions)
    }

    @Test("400 A/A runs of 600 users with a history that predicts: p < 0.05 in about 5% (Wilson), every interval narrower")
    func predictiveHistory() throws {
        let (alarms, runs, reductions) = try Self.runs(historyPredicts: true, seed: 42)
        let interval = CupedSimulationTests.wilson(alarms, runs)
        #expect(interval.contains(0.05), "\(alarms) false alarms in \(runs) runs, Wilson \(interval)")
        let mean = reductions.reduce(0, +) / Double(runs)
        #expect(mean > 0.2, "mean variance reduction \(mean)")
        #expect(reductions.allSatisfy { $0 > 0 }, "least \(reductions.min() ?? .nan)")
    }

    @Test("400 A/A runs of 600 users with a history that predicts nothing: p < 0.05 in about 5%, never wider than noise")
    func unrelatedHistory() throws {
        let (alarms, runs, reductions) = try Self.runs(historyPredicts: false, seed: 43)
        let interval = CupedSimulationTests.wilson(alarms, runs)
        #expect(interval.contains(0.05), "\(alarms) false alarms in \(runs) runs, Wilson \(interval)")
        // θ fitted on noise takes a sliver of variance away, never adds it: about 1/n of it on average.
        let mean = reductions.reduce(0, +) / Double(runs)
        #expect(abs(mean) < 0.01, "mean variance reduction \(mean)")
        #expect(reductions.allSatisfy { $0 > -0.01 }, "least \(reductions.min() ?? .nan)")
    }
}
