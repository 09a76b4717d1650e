import FlowEvents
@testable import FlowReports
import Foundation
import Testing

/// What every format shows of CUPED: the `cuped` object in JSON, the cuped_* CSV columns and the "CUPED:" note in
/// the table, Markdown and HTML when an experiment asks for it; nothing when it does not; and "CUPED unavailable
/// from counts" for a report from counts.
@Suite("Report mode: CUPED in every format, and from counts")
struct CUPEDOutputTests {
    static let metrics = ["orders", "buyers", "order-value", "median-order"]

    static func report(lookbackDays: Int?) throws -> Report {
        try ReportBuilder.report(
            events: CUPEDLog.correlated.events, options: CUPEDLog.options(metrics: metrics, lookbackDays: lookbackDays), inputs: []
        )
    }

    /// The CSV's metric rows, by metric id, each as column name → cell.
    static func metricRows(_ csv: String) throws -> [String: [String: String]] {
        let rows = try #require(RFC4180.parse(csv))
        #expect(rows.first == CSVRenderer.columns)
        let header = try #require(rows.first)
        var metricRows: [String: [String: String]] = [:]
        for row in rows.dropFirst() where row.count == header.count {
            let cells = Dictionary(uniqueKeysWithValues: zip(header, row))
            if let metric = cells["metric"], !metric.isEmpty { metricRows[metric] = cells }
        }
        return metricRows
    }

    static let cupedColumns = [
        "cuped_lookback_days", "cuped_theta", "cuped_variance_reduction", "cuped_pre_exposure_difference",
        "cuped_pre_exposure_p_value", "cuped_imbalanced", "cuped_unavailable",
    ]

    @Test("JSON: each adjusted metric carries cuped with its lookback, θ, variance reduction and bias check; quantiles none")
    func json() throws {
        let report = try Self.report(lookbackDays: 14)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONRenderer().render(report).utf8)) as? [String: Any])
        let experiment = try #require((json["experiments"] as? [[String: Any]])?.first)
        let metrics = try #require(experiment["metrics"] as? [[String: Any]])
        let typed = try #require(report.experiments.first?.metrics)
        for metric in metrics {
            let id = try #require(metric["metric"] as? String)
            guard id != "median-order" else {
                #expect(metric["cuped"] == nil)
                continue
            }
            let cuped = try #require(metric["cuped"] as? [String: Any], "\(id)")
            #expect(Set(cuped.keys) == ["lookback_days", "theta", "variance_reduction", "pre_exposure_difference", "pre_exposure_p_value",
                                        "is_imbalanced", "treatment_users_with_history", "control_users_with_history"], "\(id)")
            #expect(cuped["lookback_days"] as? Int == 14)
            let expected = try #require(typed.first { $0.metric == id }?.cuped)
            #expect(CUPEDReportTests.close(cuped["theta"] as? Double, try #require(expected.theta)))
            #expect(CUPEDReportTests.close(cuped["variance_reduction"] as? Double, try #require(expected.varianceReduction)))
            #expect(cuped["is_imbalanced"] as? Bool == false)
        }
        let decoded = try JSONDecoder().decode(Report.self, from: Data(JSONRenderer().render(report).utf8))
        #expect(decoded.experiments.first?.metrics == typed)
    }

    @Test("CSV: the seven cuped_* columns before duplicate_events, set on adjusted metric rows and empty elsewhere")
    func csv() throws {
        let columns = CSVRenderer.columns
        let duplicates = try #require(columns.firstIndex(of: "duplicate_events"))
        #expect(Array(columns[(duplicates - 7)..<duplicates]) == Self.cupedColumns)
        let report = try Self.report(lookbackDays: 14)
        let csv = CSVRenderer().render(report)
        let rows = try Self.metricRows(csv)
        let orders = try #require(rows["orders"])
        let typed = try #require(report.experiments.first?.metrics.first { $0.metric == "orders" }?.cuped)
        #expect(orders["cuped_lookback_days"] == "14")
        #expect(orders["cuped_theta"].flatMap(Double.init) == typed.theta)
        #expect(orders["cuped_variance_reduction"].flatMap(Double.init) == typed.varianceReduction)
        #expect(orders["cuped_pre_exposure_difference"].flatMap(Double.init) == typed.preExposureDifference)
        #expect(orders["cuped_pre_exposure_p_value"].flatMap(Double.init) == typed.preExposurePValue)
        #expect(orders["cuped_imbalanced"] == "false" && orders["cuped_unavailable"] == "")
        #expect(rows["median-order"].map { row in Self.cupedColumns.allSatisfy { row[$0] == "" } } == true)
        // Rows that are not a metric's carry no CUPED.
        let records = try #require(RFC4180.parse(csv)).dropFirst()
        for record in records where record[columns.firstIndex(of: "metric")!].isEmpty {
            #expect(Self.cupedColumns.allSatisfy { record[columns.firstIndex(of: $0)!] == "" })
        }
    }

    @Test("table, Markdown and HTML: a CUPED note per adjusted metric, with how much narrower the interval is, its lookback and θ")
    func notes() throws {
        let report = try Self.report(lookbackDays: 14)
        let orders = try #require(report.experiments.first?.metrics.first { $0.metric == "orders" }?.cuped)
        let narrower = try #require(orders.intervalNarrowing)
        // 1 − √(1 − 0.721125): 47.2% narrower.
        #expect(abs(narrower - 0.4719) < 1e-4, "\(narrower)")
        let note = ExperimentReport.cupedNote(orders)
        #expect(note.hasPrefix("CUPED: interval \(ReportNumberFormat.trimmed(narrower * 100, places: 1))% narrower (14-day lookback, θ "), "\(note)")
        #expect(note.contains(", pre-exposure difference p = "), "\(note)")
        for format in [ReportFormat.table, .markdown, .html] {
            let output = format.renderer(colors: false).render(report)
            #expect(output.contains("Orders, B: CUPED: interval "), "\(format)")
            #expect(output.contains("Buyers, B: CUPED: interval "), "\(format)")
            #expect(output.contains("CUPED adjusts proportions, means and ratios only: median-order compared unadjusted"), "\(format)")
        }
    }

    @Test("without analysis.cuped no format says anything of CUPED: no cuped in JSON, empty cuped_* cells, no note")
    func notConfigured() throws {
        let report = try Self.report(lookbackDays: nil)
        #expect(report.experiments.first?.metrics.allSatisfy { $0.cuped == nil } == true)
        for format in [ReportFormat.table, .markdown, .html, .json] {
            let output = format.renderer(colors: false).render(report)
            #expect(!output.lowercased().contains("cuped") && !output.contains("pre-exposure"), "\(format)")
        }
        let rows = try Self.metricRows(CSVRenderer().render(report))
        #expect(rows.count == Self.metrics.count)
        #expect(rows.values.allSatisfy { row in Self.cupedColumns.allSatisfy { row[$0] == "" } })
    }

    @Test("Counts without covariates (made by a query before CUPED in SQL): each metric CUPED would adjust says CUPED unavailable from counts and is compared unadjusted")
    func fromCounts() throws {
        var options = DefinedMetricTests.options(metrics: AggregateCountsFileTests.definedMetrics)
        options.experiments["shop"]?.regressionAdjustment = try RegressionAdjustmentSettings(lookbackDays: 7)
        let file = try AggregateCountsFile(text: AggregateCountsFileTests.definedMetricCounts, path: "counts.csv")
        let report = try ReportBuilder.report(fromCounts: file, options: options, inputs: [])
        let experiment = try #require(report.experiments.first)
        let unadjusted = try AggregateCountsFileTests.countsMetrics(AggregateCountsFileTests.definedMetricCounts).reports
        for metric in experiment.metrics {
            var stripped = metric
            stripped.cuped = nil
            #expect(unadjusted.contains(stripped), "\(metric.metric) is compared as without CUPED")
            if ["checkout-time", "median-order"].contains(metric.metric) {
                #expect(metric.cuped == nil, "\(metric.metric)")
            } else {
                #expect(metric.cuped == RegressionAdjustmentReport(
                    lookbackDays: 7, theta: nil, varianceReduction: nil, unavailable: "CUPED unavailable from counts"
                ), "\(metric.metric)")
            }
        }
        #expect(experiment.notes.contains(
            "CUPED unavailable from counts: revenue, orders, order-value, buyers compared unadjusted; these counts carry no pre-exposure covariates: make them again with this version's switchyard sql, or run report on the logs"
        ), "\(experiment.notes)")
        #expect(experiment.analysis.health.isHealthy)
        let table = TableRenderer(colors: false).render(report)
        #expect(table.contains("Revenue, B: ") && table.contains("CUPED unavailable from counts (compared unadjusted)"))
        let rows = try Self.metricRows(CSVRenderer().render(report))
        #expect(rows["revenue"]?["cuped_unavailable"] == "CUPED unavailable from counts")
        #expect(rows["revenue"]?["cuped_lookback_days"] == "7" && rows["revenue"]?["cuped_theta"] == "")
    }
}
