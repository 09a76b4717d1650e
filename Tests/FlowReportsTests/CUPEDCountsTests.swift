import FlowEvents
@testable import FlowReports
import Foundation
import Testing

/// CUPED from an engine's counts: the covariates `switchyard sql` counts after a group's values, read back as
/// `report` makes them from the logs, and counts that carry them for some rows and not others refused.
@Suite("CUPED from counts: covariates counted by an engine")
struct CUPEDCountsTests {
    static let order = AggregateCountsFileTests.order
    static let before = "before exposure: "

    /// ``AggregateCountsFileTests/definedMetricCounts`` with each adjusted group's covariates over 7 days: revenue's
    /// and orders' history after group 1's values, buyers' after group 2's; the duration (group 3) is never adjusted.
    static let countsWithCovariates = AggregateCountsFileTests.header + """
        shop,A,first_exposure,0,,,0,3
        shop,B,first_exposure,0,,,0,2
        shop,A,users,0,,,0,3
        shop,B,users,0,,,0,2
        shop,A,metric_group,1,\(group1),,0,0
        shop,B,metric_group,1,\(group1),,0,0
        shop,A,metric_users,1,,2 30 70|2|3 10 20 30|3,0,1
        shop,A,metric_users,1,,2 15|2|0|0,0,1
        shop,A,metric_users,1,,0|0|1 50|1,0,1
        shop,B,metric_users,1,,1 40|1|2 25 35|2,0,1
        shop,B,metric_users,1,,1 2e2|1|1 20|1,0,1
        shop,A,metric_group,2,any \(order) within 60000 ms | \(before)any \(order) over 7 days,,0,0
        shop,B,metric_group,2,any \(order) within 60000 ms | \(before)any \(order) over 7 days,,0,0
        shop,A,metric_users,2,,1|1,0,1
        shop,A,metric_users,2,,1|0,0,1
        shop,A,metric_users,2,,0|1,0,1
        shop,B,metric_users,2,,1|1,0,2
        shop,A,metric_group,3,duration from screen_shown screen=cart to flow_completed within 60000 ms,,0,0
        shop,B,metric_group,3,duration from screen_shown screen=cart to flow_completed within 60000 ms,,0,0
        shop,A,metric_users,3,,20000,0,1
        shop,B,metric_users,3,,10000,0,1

        """
    static let group1 = "sum amount of \(order) within 60000 ms | count \(order) within 60000 ms | "
        + "\(before)sum amount of \(order) over 7 days | \(before)count \(order) over 7 days"

    static func report(_ counts: String) throws -> ExperimentReport {
        var options = DefinedMetricTests.options(metrics: AggregateCountsFileTests.definedMetrics)
        options.experiments["shop"]?.regressionAdjustment = try RegressionAdjustmentSettings(lookbackDays: 7)
        let file = try AggregateCountsFile(text: counts, path: "counts.csv")
        return try #require(try ReportBuilder.report(fromCounts: file, options: options, inputs: []).experiments.first)
    }

    static func problem(replacing old: String, with new: String) -> String? {
        do {
            _ = try report(countsWithCovariates.replacingOccurrences(of: old, with: new))
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("Counts that carry covariates give every adjusted metric its slope, its bias check and no unavailability")
    func adjustedFromCounts() throws {
        let experiment = try Self.report(Self.countsWithCovariates)
        for id in ["revenue", "orders", "order-value", "buyers"] {
            let cuped = try #require(experiment.metrics.first { $0.metric == id }?.cuped, "\(id)")
            #expect(cuped.unavailable == nil && cuped.theta != nil, "\(id)")
            #expect(cuped.lookbackDays == 7)
        }
        #expect(experiment.metrics.first { $0.metric == "checkout-time" }?.cuped == nil)
        #expect(!experiment.notes.contains { $0.contains("CUPED unavailable") }, "\(experiment.notes)")
        // Revenue's covariate per user, A: 60, 0, 50; B: 60, 20 (the users no row names have none).
        let revenue = try #require(experiment.metrics.first { $0.metric == "revenue" })
        let difference = try #require(revenue.cuped?.preExposureDifference)
        #expect(abs(difference - (40 - 110.0 / 3)) < 1e-12)
    }

    @Test("A sum's covariate is its numbers' exact sum, rounded once, as report makes it from the logs in any order")
    func exactCovariateSum() throws {
        let quantity = MetricMeasurement.Quantity.sum(EventMatcher(type: .mutation), property: "amount")
        let measurement = MetricMeasurement(quantity: quantity, windowMilliseconds: 0, cap: nil)
        for numbers in ["0.1 0.2 0.3", "0.3 0.2 0.1", "0.2 0.3 0.1"] {
            let values = try MeasuredValues(parsing: "0|3 \(numbers)", measurements: [measurement], covariates: [measurement])
            #expect(values.covariates == [0.6], "\(numbers)")
        }
        // Added left to right in doubles, 0.1 + 0.2 + 0.3 is 0.6000000000000001: the exact sum is not that.
        #expect(0.1 + 0.2 + 0.3 != 0.6)
        // A number beyond a Double is an event without a number, as in the metric's own field.
        let beyond = try MeasuredValues(parsing: "0|2 1e400 5", measurements: [measurement], covariates: [measurement])
        #expect(beyond.covariates == [5])
    }

    @Test("Counts whose covariates are named but not counted, counted but not named, or counted for some rows only are refused at a row")
    func inconsistentCovariates() {
        #expect(Self.problem(replacing: "2 15|2|0|0", with: "2 15|2")
            == "counts.csv:9: column reason: \"2 15|2\" lacks the covariates of metric group 1, which the row at counts.csv:8 carries; "
                + "expected one query's counts")
        #expect(Self.problem(replacing: "|1,0,2", with: ",0,2")
            == "counts.csv:18: the values of metric group 2 of experiment \"shop\" lack its covariates, but its metric_group row names them; "
                + "expected one query's counts")
        let unnamed = Self.problem(replacing: "shop,B,metric_group,2,any \(Self.order) within 60000 ms | \(Self.before)any \(Self.order) over 7 days",
                                   with: "shop,B,metric_group,2,any \(Self.order) within 60000 ms")
        #expect(unnamed == "counts.csv:18: the values of metric group 2 of experiment \"shop\" carry its covariates, but its metric_group "
                    + "row names none; expected one query's counts", "\(unnamed ?? "accepted")")
        #expect(Self.problem(replacing: "2 15|2|0|0", with: "2 15|2|0|0|0")
            == "counts.csv:9: column reason: 5 values in \"2 15|2|0|0|0\", but the group has 2 measurements and 2 covariates")
        #expect(Self.problem(replacing: "|3 10 20 30|3,", with: "|3 10 20 30|x,")
            == "counts.csv:8: column reason: expected a whole number of 0 or more, got \"x\" in \"2 30 70|2|3 10 20 30|x\"")
    }
}
