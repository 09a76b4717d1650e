import FlowEvents
@testable import FlowReports
import Foundation
import Testing

/// Reading back the output of the aggregate query as each engine exports it, and refusing what is not.
@Suite("Counts files: CSV and JSON as engines export them")
struct AggregateCountsFileTests {
    static let header = "experiment,variant,measure,step,name,reason,value,total\n"

    static func problem(_ text: String) -> String? {
        do {
            _ = try AggregateCountsFile(text: text, path: "counts")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("Totals that add up beyond 2^53, in any measure, are an error at the row that overflows, never a trap",
          arguments: ["users", "goal", "converted_reaching_step", "back", "duplicate_events", "multi_variant_users"])
    func overflowingTotals(measure: String) throws {
        let row = "exp,A,\(measure),1,s,,0,\((1 << 52) + 1)\n"
        let exposure = "exp,A,first_exposure,0,,,0,1\n"
        let file = try AggregateCountsFile(text: Self.header + row + row + exposure, path: "counts.csv")
        #expect(throws: AggregateCountsError.self) {
            _ = try AggregateCounts(file, options: ReportOptions())
        }
        do {
            _ = try AggregateCounts(file, options: ReportOptions())
        } catch {
            #expect(error.description.contains("counts.csv:3"), "\(error.description)")
            #expect(error.description.contains("beyond \(1 << 53)"), "\(error.description)")
        }
    }

    @Test("Rows that count users by a value cannot count more users than the arm has: an error at the row, not an allocation")
    func moreThanTheArm() throws {
        let text = Self.header + "exp,A,first_exposure,0,,,0,1\n" + "exp,A,users,0,,,0,10\n"
            + "exp,A,goal,0,,,5,\(1 << 52)\n" + "exp,A,goal,0,,,9,\(1 << 52)\n"
        let file = try AggregateCountsFile(text: text, path: "counts.csv")
        do {
            _ = try AggregateCounts(file, options: ReportOptions())
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("counts.csv:5"), "\(error.description)")
            #expect(error.description.contains("more than the arm's 10 users"), "\(error.description)")
        }
    }

    @Test("CSV columns in any order, quoted fields with commas, quotes and line breaks")
    func csv() throws {
        let text = "total,value,reason,name,step,measure,variant,experiment\r\n"
            + "3,0,\"\",\"it's \"\"done\"\", a\nb\",0,back,B,exp\r\n"
        let file = try AggregateCountsFile(text: text, path: "counts.csv")
        #expect(file.rows == [AggregateRow(experiment: "exp", variant: "B", measure: .back, name: "it's \"done\", a\nb", total: 3)])
    }

    @Test("JSON Lines and JSON arrays; whole numbers as numbers or as strings of digits")
    func json() throws {
        let line = #"{"experiment":"e","variant":"A","measure":"goal","step":0,"name":"","reason":"","value":"1500","total":2}"#
        let lines = try AggregateCountsFile(text: line + "\n\n" + line + "\n", path: "counts.json")
        #expect(lines.rows.count == 2)
        #expect(lines.rows.first == AggregateRow(experiment: "e", variant: "A", measure: .goal, value: 1500, total: 2))
        let array = try AggregateCountsFile(text: "[" + line + "]", path: "counts.json")
        #expect(array.rows == Array(lines.rows.prefix(1)))
    }

    @Test("Missing and extra columns, bad numbers and unknown measures are refused at their line")
    func refusals() {
        #expect(Self.problem("experiment,variant,measure,step,name,reason,value\n")
            == "counts:1: missing column total (expected experiment, variant, measure, step, name, reason, value, total)")
        #expect(Self.problem(Self.header.dropLast() + ",extra\n")
            == "counts:1: unexpected column extra (expected experiment, variant, measure, step, name, reason, value, total)")
        #expect(Self.problem(Self.header + "e,A,users,0,,,0,-1\n") == "counts:2: column total: expected 0 or more, got -1")
        #expect(Self.problem(Self.header + "e,A,users,0,,,0,1\ne,A,users,0,,,0,2.5\n")
            == "counts:3: column total: expected a whole number, got \"2.5\"")
        #expect(Self.problem(Self.header + "e,A,users,0,,,0\n") == "counts:2: 7 fields, but the header has 8")
        #expect(Self.problem(Self.header + "e,A,visits,0,,,0,1\n")?.hasPrefix("counts:2: column measure: unknown measure \"visits\"") == true)
        #expect(Self.problem(#"{"experiment":"e","variant":"A","measure":"users","step":true,"name":"","reason":"","value":0,"total":1}"#)
            == "counts:1: column step: expected a whole number, got a boolean")
        #expect(Self.problem("") == "counts:1: empty counts file (expected a header line: experiment, variant, measure, step, name, reason, value, total)")
    }

    // MARK: Metrics a team defines

    /// The counts an engine gives for ``DefinedMetricTests/log`` and its metrics: revenue and orders in one group
    /// (a ratio reads both), buyers, and the checkout time (the funnel rows do not matter to the metrics).
    static let definedMetricCounts = header + """
        shop,A,first_exposure,0,,,0,3
        shop,B,first_exposure,0,,,0,2
        shop,A,users,0,,,0,3
        shop,B,users,0,,,0,2
        shop,A,metric_group,1,sum amount of \(order) within 60000 ms | count \(order) within 60000 ms,,0,0
        shop,B,metric_group,1,sum amount of \(order) within 60000 ms | count \(order) within 60000 ms,,0,0
        shop,A,metric_users,1,,2 30 70|2,0,1
        shop,A,metric_users,1,,2 15|2,0,1
        shop,B,metric_users,1,,1 40|1,0,1
        shop,B,metric_users,1,,1 2e2|1,0,1
        shop,A,metric_group,2,any \(order) within 60000 ms,,0,0
        shop,B,metric_group,2,any \(order) within 60000 ms,,0,0
        shop,A,metric_users,2,,1,0,2
        shop,B,metric_users,2,,1,0,2
        shop,A,metric_group,3,duration from screen_shown screen=cart to flow_completed within 60000 ms,,0,0
        shop,B,metric_group,3,duration from screen_shown screen=cart to flow_completed within 60000 ms,,0,0
        shop,A,metric_users,3,,20000,0,1
        shop,B,metric_users,3,,10000,0,1

        """
    static let order = "mutation operation=place_order outcome=succeeded"
    static let definedMetrics = ["revenue", "orders", "order-value", "buyers", "checkout-time", "median-order"]

    static func countsMetrics(_ text: String, metrics: [String] = definedMetrics) throws -> (reports: [MetricComparisonReport], notes: [String]) {
        let file = try AggregateCountsFile(text: text, path: "counts.csv")
        let report = try ReportBuilder.report(fromCounts: file, options: DefinedMetricTests.options(metrics: metrics), inputs: [])
        return (try #require(report.experiments.first).metrics, report.diagnostics + report.experiments.flatMap(\.notes))
    }

    @Test("Rows of users per tuple of values give every defined metric exactly as the events do: sums, invalid numbers, ratios, quantiles, durations")
    func definedMetricsFromCounts() throws {
        let native = try ReportBuilder.report(events: DefinedMetricTests.log, options: DefinedMetricTests.options(metrics: Self.definedMetrics), inputs: [])
        let fromCounts = try Self.countsMetrics(Self.definedMetricCounts)
        #expect(fromCounts.reports == (try #require(native.experiments.first)).metrics)
        #expect(fromCounts.reports.count == 6)
        #expect(fromCounts.reports.first { $0.metric == "revenue" }?.invalidValues == 1)
        #expect(!fromCounts.notes.contains { $0.contains("left out") })
    }

    @Test("Counts made before metric groups: the built-in metrics from their old rows, defined ones left out with a note")
    func countsWithoutMetricGroups() throws {
        let old = Self.header + """
            shop,A,first_exposure,0,,,0,3
            shop,B,first_exposure,0,,,0,2
            shop,A,users,0,,,0,3
            shop,B,users,0,,,0,2
            shop,A,user_back_navigations,0,,,2,1
            shop,B,user_back_navigations,0,,,1,2

            """
        let (reports, notes) = try Self.countsMetrics(old, metrics: ["back_navigations", "revenue"])
        let backs = try #require(reports.first { $0.metric == "back_navigations" })
        #expect(backs.controlMean == 2.0 / 3 && backs.treatmentMean == 1)
        #expect(!reports.contains { $0.metric == "revenue" })
        #expect(notes.contains { $0.hasPrefix("metrics the counts file does not hold, left out: revenue") })
    }

    @Test("Metric rows of another configuration, or values that do not read, are refused at their line")
    func metricRefusals() throws {
        func problem(replacing old: String, with new: String) -> String? {
            do {
                _ = try Self.countsMetrics(Self.definedMetricCounts.replacingOccurrences(of: old, with: new))
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(problem(replacing: "A,metric_group,2,any", with: "A,metric_group,2,count")?
            .hasPrefix("counts.csv:12: metric group 2 of experiment \"shop\" measures \"count \(Self.order)") == true)
        #expect(problem(replacing: "A,metric_users,3,,20000", with: "A,metric_users,4,,20000")
            == "counts.csv:18: metric group 4 of experiment \"shop\", whose metrics the configuration measures in 3 groups; "
                + "were the counts made with another config?")
        #expect(problem(replacing: "2 15|2", with: "2 15")
            == "counts.csv:9: column reason: 1 value in \"2 15\", but the group has 2 measurements")
        #expect(problem(replacing: "2 15|2", with: "1 15 16|2")
            == "counts.csv:9: column reason: 2 numbers from 1 events in \"1 15 16\"")
        #expect(problem(replacing: "20000,0,1", with: "-5,0,1")
            == "counts.csv:18: column reason: expected a whole number of 0 or more, got \"-5\" in \"-5\"")
    }

    @Test("A user's values: a match, a count, a sum with its invalid numbers, a duration or none")
    func measuredValues() throws {
        let matcher = EventMatcher(type: .back)
        let measurements = [
            MetricMeasurement(quantity: .any(matcher), windowMilliseconds: 1, cap: nil),
            MetricMeasurement(quantity: .count(matcher), windowMilliseconds: 1, cap: nil),
            MetricMeasurement(quantity: .sum(matcher, property: "amount"), windowMilliseconds: 1, cap: nil),
            MetricMeasurement(quantity: .duration(.exposure, end: matcher), windowMilliseconds: 1, cap: nil),
        ]
        let values = try MeasuredValues(parsing: "1|3|5 0.1 0.3 0.2 1e400|1500", measurements: measurements)
        #expect(values.values == [1, 3, 0.6, 1.5])
        #expect(values.present == [true, true, true, true])
        #expect(values.invalid == [0, 0, 2, 0])
        let none = try MeasuredValues(parsing: "0|0|1|", measurements: measurements)
        #expect(none.values == [0, 0, 0, 0])
        #expect(none.present == [false, false, true, false])
        #expect(none.invalid == [0, 0, 1, 0])
    }
}
