import Experiments
import FlowReports
import Foundation
import Testing
import VariantHost

/// The config's `analysis.cuped`: decoded into the analysis plan, or refused at its JSON path.
@Suite("CUPED's lookback in the experiment config")
struct RegressionAdjustmentConfigTests {
    func decode(analysis: String) throws -> (sections: ReportSectionDecoder.Sections?, issues: [String]) {
        let text = #"{"slots": [], "experiments": [{"key": "k", "slot": "s", "variations": ["a", "b"], "analysis": "# + analysis + "}]}"
        let decoder = ReportSectionDecoder()
        let sections = decoder.decode(try JSONParser.parse(text))
        return (sections["k"], decoder.issues.map(\.description))
    }

    @Test("no CUPED by default; a lookback of 1 to 365 days when asked, carried into the analysis plan")
    func valid() throws {
        let (none, noIssues) = try decode(analysis: "{}")
        #expect(noIssues.isEmpty)
        #expect(none?.regressionAdjustment == nil)
        for days in [1, 14, 365] {
            let (sections, issues) = try decode(analysis: #"{"cuped": {"lookbackDays": \#(days)}}"#)
            #expect(issues.isEmpty, "\(issues)")
            #expect(sections?.regressionAdjustment?.lookbackDays == days)
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cuped-plan-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = #"""
            {"slots": [{"id": "flow", "default": "a"}],
             "experiments": [{"key": "k", "slot": "flow", "variations": ["a", "b"], "analysis": {"cuped": {"lookbackDays": 14}}}]}
            """#
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let plans = try ExperimentAnalysisPlan.plans(inConfigurationAt: path)
        #expect(plans["k"]?.regressionAdjustment == (try RegressionAdjustmentSettings(lookbackDays: 14)))
    }

    @Test("each mistake is located by its JSON path")
    func mistakes() throws {
        let range = "expected a whole number of days from 1 to 365 before exposure (14 is common)"
        let cases: [(String, String)] = [
            (#"{"cuped": {"lookbackDays": 0}}"#, "experiments[0].analysis.cuped.lookbackDays: 0 is out of range; \(range)"),
            (#"{"cuped": {"lookbackDays": -7}}"#, "experiments[0].analysis.cuped.lookbackDays: -7 is out of range; \(range)"),
            (#"{"cuped": {"lookbackDays": 366}}"#, "experiments[0].analysis.cuped.lookbackDays: 366 is out of range; \(range)"),
            (#"{"cuped": {"lookbackDays": 14.5}}"#, "experiments[0].analysis.cuped.lookbackDays: expected an integer, found number 14.5"),
            (#"{"cuped": {"lookbackDays": "14"}}"#, #"experiments[0].analysis.cuped.lookbackDays: expected an integer, found string "14""#),
            (#"{"cuped": {}}"#, "experiments[0].analysis.cuped.lookbackDays: missing required field"),
            (#"{"cuped": {"lookbackDays": 14, "days": 7}}"#, "experiments[0].analysis.cuped.days: unknown field (expected one of: lookbackDays)"),
            (#"{"cuped": true}"#, "experiments[0].analysis.cuped: expected an object, found boolean true"),
            (#"{"cupid": {"lookbackDays": 14}}"#,
             "experiments[0].analysis.cupid: unknown field (expected one of: method, sequentialTuningUsers, correction, minimumDetectableEffect, engine, prior, cuped)"),
        ]
        for (analysis, expected) in cases {
            let (_, issues) = try decode(analysis: analysis)
            #expect(issues == [expected], "\(analysis)")
        }
    }

    /// The definitions of a document whose `metrics` are `metrics`, and the problems found.
    func decode(metrics: String) throws -> (definitions: [String: MetricDefinition], issues: [String]) {
        let text = #"{"slots": [], "experiments": [{"key": "k", "slot": "s", "variations": ["a", "b"]}], "metrics": "# + metrics + "}"
        let decoder = ReportSectionDecoder()
        let sections = decoder.decode(try JSONParser.parse(text))
        return (sections["k"]?.metricDefinitions ?? [:], decoder.issues.map(\.description))
    }

    @Test("a metric's own cuped: a lookback over the experiment's, or false to compare it unadjusted; none by default")
    func perMetric() throws {
        let event = #"{"type": "mutation", "properties": {"operation": "place_order"}}"#
        let (definitions, issues) = try decode(metrics: #"""
            [{"id": "orders", "kind": "mean", "event": \#(event), "cuped": {"lookbackDays": 7}},
             {"id": "buyers", "kind": "proportion", "event": \#(event), "cuped": false},
             {"id": "revenue", "kind": "mean", "event": \#(event), "value": "amount"},
             {"id": "order-value", "kind": "ratio", "numerator": "revenue", "denominator": "orders", "cuped": {"lookbackDays": 28}},
             {"id": "p50", "kind": "quantile", "of": "revenue", "quantile": 0.5, "cuped": false}]
            """#)
        #expect(issues.isEmpty, "\(issues)")
        #expect(definitions["orders"]?.regressionAdjustment == .lookback(try RegressionAdjustmentSettings(lookbackDays: 7)))
        #expect(definitions["buyers"]?.regressionAdjustment == .off)
        #expect(definitions["revenue"] != nil && definitions["revenue"]?.regressionAdjustment == nil)
        #expect(definitions["order-value"]?.regressionAdjustment == .lookback(try RegressionAdjustmentSettings(lookbackDays: 28)))
        #expect(definitions["p50"]?.regressionAdjustment == .off)
    }

    @Test("a metric's cuped mistakes are located by their JSON path")
    func perMetricMistakes() throws {
        let event = #"{"type": "mutation"}"#
        let range = "expected a whole number of days from 1 to 365 before exposure (14 is common)"
        let either = #"expected {"lookbackDays": n} to adjust this metric with CUPED, or false to compare it unadjusted; found"#
        let cases: [(String, String)] = [
            (#""cuped": {"lookbackDays": 0}"#, "metrics[0].cuped.lookbackDays: 0 is out of range; \(range)"),
            (#""cuped": {"lookbackDays": 1e3}"#, "metrics[0].cuped.lookbackDays: 1000 is out of range; \(range)"),
            (#""cuped": {"lookbackDays": 7, "days": 7}"#, "metrics[0].cuped.days: unknown field (expected one of: lookbackDays)"),
            (#""cuped": {}"#, "metrics[0].cuped.lookbackDays: missing required field"),
            (#""cuped": true"#, "metrics[0].cuped: \(either) boolean true"),
            (#""cuped": 14"#, "metrics[0].cuped: \(either) number 14"),
            (#""cuped": null"#, "metrics[0].cuped: \(either) null"),
        ]
        for (field, expected) in cases {
            let (_, issues) = try decode(metrics: #"[{"id": "orders", "kind": "mean", "event": "# + event + ", " + field + "}]")
            #expect(issues == [expected], "\(field)")
        }
        for kind in [#""kind": "quantile", "of": "orders", "quantile": 0.5"#, #""kind": "duration", "to": {"type": "flow_completed"}"#] {
            let (_, issues) = try decode(metrics: #"[{"id": "orders", "kind": "mean", "event": "# + event + #"}, {"id": "m", "# + kind
                + #", "cuped": {"lookbackDays": 14}}]"#)
            let name = kind.contains("quantile") ? "quantile" : "duration"
            #expect(issues == ["metrics[1].cuped: a \(name) metric is compared unadjusted: CUPED adjusts proportions, means and ratios"], "\(issues)")
        }
    }
}
