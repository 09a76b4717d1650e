import Experiments
import FlowEvents
import FlowReports
import Foundation
import Testing
import VariantHost

/// The config's `metrics`: each kind decoded into a definition, and every mistake located by its JSON path.
@Suite("Metric definitions in the experiment config")
struct MetricDefinitionTests {
    static let experiment = #"{"key": "k", "slot": "s", "variations": ["a", "b"], "funnel": {"steps": [{"name": "s", "type": "screen_shown", "screen": "cart"}], "conversionWindowSeconds": 60, "goal": {"type": "flow_completed"}, "guardrails": GUARDRAILS}}"#
    static let order = #"{"type": "mutation", "properties": {"operation": "place_order", "outcome": "succeeded"}}"#

    /// The sections of experiment `k` of a document with `metrics` and the experiment's `guardrails`, and the
    /// problems found, as `path: message` lines.
    func decode(metrics: String, guardrails: String = "[]") throws -> (sections: ReportSectionDecoder.Sections?, issues: [String]) {
        let experiment = Self.experiment.replacingOccurrences(of: "GUARDRAILS", with: guardrails)
        let text = #"{"slots": [], "experiments": ["# + experiment + #"], "metrics": "# + metrics + "}"
        let decoder = ReportSectionDecoder()
        let sections = decoder.decode(try JSONParser.parse(text))
        return (sections["k"], decoder.issues.map(\.description))
    }

    @Test("every kind is decoded, with its direction, window and cap")
    func everyKind() throws {
        let metrics = #"""
            [
              {"id": "revenue", "name": "Revenue", "kind": "mean", "event": \#(Self.order), "value": "amount_cents",
               "cap": {"percentile": 0.99, "ignoreZeros": true}},
              {"id": "orders", "kind": "mean", "event": \#(Self.order), "windowSeconds": 1.5},
              {"id": "order-value", "kind": "ratio", "numerator": "revenue", "denominator": "orders"},
              {"id": "declined", "kind": "proportion", "direction": "lower",
               "event": {"type": "mutation", "properties": {"reason": "card_declined"}}, "cap": {"absolute": 1}},
              {"id": "checkout-time", "kind": "duration", "from": {"type": "screen_shown", "screen": "cart"}, "to": {"type": "flow_completed"}},
              {"id": "time-to-order", "kind": "duration", "to": \#(Self.order)},
              {"id": "p90", "kind": "quantile", "of": "checkout-time", "quantile": 0.9}
            ]
            """#
        let (sections, issues) = try decode(metrics: metrics, guardrails: #"["declined", "p90", "back_navigations"]"#)
        #expect(issues == [])
        let definitions = try #require(sections?.metricDefinitions)
        let order = EventMatcher(type: .mutation, properties: ["operation": "place_order", "outcome": "succeeded"])
        #expect(definitions["revenue"] == MetricDefinition(
            id: "revenue", name: "Revenue", kind: .mean(MetricValue(events: order, property: "amount_cents")),
            direction: .higherIsBetter, cap: .percentile(0.99, ignoringZeros: true)
        ))
        #expect(definitions["orders"]?.windowMilliseconds == 1500)
        #expect(definitions["orders"]?.name == "orders")
        #expect(definitions["order-value"]?.kind == .ratio(numerator: "revenue", denominator: "orders"))
        #expect(definitions["declined"]?.direction == .lowerIsBetter)
        #expect(definitions["declined"]?.cap == .absolute(1))
        #expect(definitions["checkout-time"]?.kind == .duration(start: .event(.screenShown("cart")), end: EventMatcher(type: .flowCompleted)))
        #expect(definitions["time-to-order"]?.kind == .duration(start: .exposure, end: order))
        #expect(definitions["p90"]?.kind == .quantile(of: "checkout-time", level: 0.9))
        #expect(sections?.guardrails == ["declined", "p90", "back_navigations"])
    }

    @Test("a retention metric is decoded with its days; days, windows, caps and CUPED it cannot have are refused at their JSON path")
    func retention() throws {
        let good = #"[{"id": "week-1", "name": "Came back in week 1", "kind": "retention", "event": {"type": "session_started"}, "days": [1, 7]}]"#
        let (sections, issues) = try decode(metrics: good, guardrails: #"["week-1"]"#)
        #expect(issues == [])
        #expect(sections?.metricDefinitions["week-1"]?.kind == .retention(EventMatcher(type: .sessionStarted), days: try #require(RetentionDays(first: 1, last: 7))))
        let metrics = #"""
            [
              {"id": "a", "kind": "retention", "event": {"type": "session_started"}},
              {"id": "b", "kind": "retention", "event": {"type": "session_started"}, "days": [7, 1]},
              {"id": "c", "kind": "retention", "event": {"type": "session_started"}, "days": [-1, 1.5]},
              {"id": "d", "kind": "retention", "event": {"type": "session_started"}, "days": "week"},
              {"id": "e", "kind": "retention", "event": {"type": "session_started"}, "days": [0, 3651], "windowSeconds": 60, "cap": {"absolute": 1}},
              {"id": "f", "kind": "retention", "event": {"type": "session_started"}, "days": [0, 0], "cuped": {"lookbackDays": 7}},
              {"id": "g", "kind": "quantile", "of": "f", "quantile": 0.5},
              {"id": "h", "kind": "ratio", "numerator": "f", "denominator": "f"}
            ]
            """#
        let expected = "expected [FIRST, LAST], whole days after exposure from 0 to 3650 (day 0 is the 24 hours from exposure; [1, 7] is the week after it)"
        #expect(try decode(metrics: metrics).issues == [
            "metrics[0].days: missing required field",
            "metrics[1].days: day 7 comes after day 1; \(expected)",
            "metrics[2].days[0]: \(expected), found number -1",
            #"metrics[3].days: \#(expected), found string "week""#,
            #"metrics[4].windowSeconds: a retention metric's window is its days: give "days": [FIRST, LAST] instead"#,
            "metrics[4].cap: a retention metric is a share of users, 0 or 1 each: there is nothing to cap",
            "metrics[4].days[1]: \(expected), found number 3651",
            "metrics[5].cuped: a retention metric is compared unadjusted: CUPED adjusts proportions, means and ratios",
            #"metrics[6].of: "f" is a retention metric; expected a mean or duration metric here"#,
            #"metrics[7].numerator: "f" is a retention metric; expected a proportion or mean metric here"#,
            #"metrics[7].denominator: "f" is a retention metric; expected a proportion or mean metric here"#,
        ])
    }

    @Test("each mistake is located by its JSON path and says what was expected")
    func mistakes() throws {
        let metrics = #"""
            [
              {"id": "a", "kind": "median", "event": {"type": "flow_completed"}},
              {"id": "b", "kind": "mean"},
              {"id": "c", "kind": "mean", "event": {"type": "flow_finished"}},
              {"id": "d", "kind": "ratio", "numerator": "nowhere", "denominator": "f"},
              {"id": "e", "kind": "quantile", "of": "f", "quantile": 1.5},
              {"id": "f", "kind": "proportion", "event": {"type": "back"}, "cap": {"percentile": 0}},
              {"id": "g", "kind": "duration", "to": {"type": "flow_completed"}, "windowSeconds": 0},
              {"id": "h", "kind": "proportion", "event": {"type": "back"}, "value": "amount", "direction": "up"},
              {"id": "back_navigations", "kind": "proportion", "event": {"type": "back"}},
              {"id": "f", "kind": "proportion", "event": {"type": "back"}},
              {"id": "i", "kind": "quantile", "of": "d", "quantile": 0.5},
              {"id": "j", "kind": "mean", "event": {"type": "back"}, "cap": {"absolute": 5, "percentile": 0.9}},
              {"id": "k", "kind": "mean", "event": {"type": "back"}, "colour": "red"},
              {"id": "l", "kind": "ratio", "numerator": "b", "denominator": "c", "cap": {"absolute": 1}, "windowSeconds": 5}
            ]
            """#
        let (_, issues) = try decode(metrics: metrics, guardrails: #"["a", "zzz"]"#)
        #expect(issues == [
            #"metrics[8].id: "back_navigations" is a built-in metric; choose another id"#,
            #"metrics[9].id: metric "f" is defined twice"#,
            #"metrics[0].kind: unknown metric kind "median" (expected one of: proportion, mean, ratio, quantile, duration, retention)"#,
            "metrics[1].event: missing required field",
            #"metrics[2].event.type: unknown event type "flow_finished" (expected one of: \#(EventType.allCases.map(\.rawValue).joined(separator: ", ")))"#,
            #"metrics[3].numerator: unknown metric "nowhere" (defined: a, b, back_navigations, c, d, e, f, failed_mutations, g, h, i, j, k, l, time_to_complete)"#,
            #"metrics[4].of: "f" is a proportion metric; expected a mean or duration metric here"#,
            "metrics[4].quantile: 1.5 is out of range; expected a quantile between 0 and 1 (0.5 is the median, 0.9 the 90th percentile)",
            "metrics[5].cap.percentile: 0 is out of range; expected a share of users above 0 and at most 1 (0.99 caps at the 99th percentile)",
            "metrics[6].windowSeconds: 0 is out of range; expected seconds after exposure, at least 0.001",
            #"metrics[7].direction: unknown direction "up" (expected "higher" or "lower": which way is better)"#,
            "metrics[7].value: a proportion metric has no value (its fields: event)",
            #"metrics[10].of: "d" is a ratio metric; expected a mean or duration metric here"#,
            "metrics[11].cap: give either absolute or percentile, not both",
            "metrics[12].colour: unknown field (expected one of: id, name, description, kind, direction, windowSeconds, cap, event, value, numerator, denominator, of, quantile, from, to, days, cuped)",
            "metrics[13].windowSeconds: a ratio metric has no windowSeconds of its own: set it on the metrics it reads (its numerator and denominator)",
            "metrics[13].cap: a ratio metric has no cap of its own: set it on the metrics it reads (its numerator and denominator)",
            #"experiments[0].funnel.guardrails[1]: unknown metric "zzz" (expected a built-in metric or one the config's metrics define: back_navigations, failed_mutations, time_to_complete, a, b, c, d, e, f, g, h, i, j, k, l)"#,
        ])
    }

    @Test("caps from below and above, and the caps and windows that cannot be meant, refused at their JSON path")
    func capsAndWindows() throws {
        let valid = #"""
            [
              {"id": "a", "kind": "mean", "event": {"type": "back"}, "cap": {"absolute": [-100, 5000]}},
              {"id": "b", "kind": "mean", "event": {"type": "back"}, "cap": {"absolute": [-100, null]}},
              {"id": "c", "kind": "mean", "event": {"type": "back"}, "cap": {"percentile": [0.01, 0.99]}},
              {"id": "d", "kind": "mean", "event": {"type": "back"}, "cap": {"percentile": [null, 0.9], "ignoreZeros": true}},
              {"id": "e", "kind": "mean", "event": {"type": "back"}, "windowSeconds": 1.5}
            ]
            """#
        let (sections, none) = try decode(metrics: valid)
        #expect(none.isEmpty, "\(none)")
        let definitions = try #require(sections?.metricDefinitions)
        #expect(definitions["a"]?.cap == .absolute(lower: -100, upper: 5_000))
        #expect(definitions["b"]?.cap == .absolute(lower: -100, upper: nil))
        #expect(definitions["c"]?.cap == .percentile(lower: 0.01, upper: 0.99, ignoringZeros: false))
        #expect(definitions["d"]?.cap == .percentile(0.9, ignoringZeros: true))
        #expect(definitions["e"]?.windowMilliseconds == 1_500)

        let mistakes = #"""
            [
              {"id": "a", "kind": "mean", "event": {"type": "back"}, "cap": {"absolute": -5}},
              {"id": "b", "kind": "mean", "event": {"type": "back"}, "cap": {"absolute": 1e999}},
              {"id": "c", "kind": "mean", "event": {"type": "back"}, "cap": {"absolute": [5, 1]}},
              {"id": "d", "kind": "mean", "event": {"type": "back"}, "cap": {"percentile": [0.99, 0.01]}},
              {"id": "e", "kind": "mean", "event": {"type": "back"}, "cap": {"percentile": [1, null]}},
              {"id": "f", "kind": "mean", "event": {"type": "back"}, "cap": {"absolute": [1, 2, 3]}},
              {"id": "g", "kind": "mean", "event": {"type": "back"}, "cap": {"absolute": [null, null]}},
              {"id": "h", "kind": "mean", "event": {"type": "back"}, "windowSeconds": 0.0005},
              {"id": "i", "kind": "mean", "event": {"type": "back"}, "windowSeconds": 1.0005},
              {"id": "j", "kind": "mean", "event": {"type": "back"}, "cap": {"absolute": ["1", 2]}}
            ]
            """#
        let (_, issues) = try decode(metrics: mistakes)
        #expect(issues == [
            "metrics[0].cap.absolute: -5 is out of range; expected an upper cap above 0 (this one would set every user's value to -5 or less), or [LOWER, UPPER] to cap from both sides",
            "metrics[1].cap.absolute: found a number beyond the largest a configuration holds (about 1.8e308); expected a finite number",
            "metrics[2].cap.absolute: [5, 1] is out of order; expected the lower cap below the upper one",
            "metrics[3].cap.percentile: [0.99, 0.01] is out of order; expected the lower percentile below the upper one",
            "metrics[4].cap.percentile: 1 is out of range; expected a share of users of at least 0 and below 1 (0.01 raises values to the 1st percentile)",
            "metrics[5].cap.absolute: expected [LOWER, UPPER] (null for a side left open), found an array of 3",
            "metrics[6].cap.absolute: a cap needs a lower or an upper value",
            "metrics[7].windowSeconds: 0.0005 is out of range; expected seconds after exposure, at least 0.001",
            "metrics[8].windowSeconds: 1.0005 is not a whole number of milliseconds; expected seconds with at most 3 decimals, such as 1.5 or 0.25",
            #"metrics[9].cap.absolute[0]: expected a number, found string "1""#,
        ], "\(issues)")
    }

    @Test("a funnel's goals name metrics as the guardrails do: each id checked, with its JSON path")
    func goalMetrics() throws {
        let metrics = #"[{"id": "revenue", "kind": "mean", "event": \#(Self.order), "value": "amount_cents"}]"#
        let document = { (goals: String) in
            Self.experiment.replacingOccurrences(of: #""guardrails": GUARDRAILS"#, with: #""goals": \#(goals), "guardrails": []"#)
        }
        let decoder = ReportSectionDecoder()
        let sections = decoder.decode(try JSONParser.parse(#"{"slots": [], "experiments": ["# + document(#"["revenue", "back_navigations"]"#) + #"], "metrics": "# + metrics + "}"))
        #expect(decoder.issues.isEmpty, "\(decoder.issues)")
        #expect(sections["k"]?.goalMetrics == ["revenue", "back_navigations"])
        let refusing = ReportSectionDecoder()
        _ = refusing.decode(try JSONParser.parse(#"{"slots": [], "experiments": ["# + document(#"["income"]"#) + #"], "metrics": "# + metrics + "}"))
        #expect(refusing.issues.map(\.description) == [
            #"experiments[0].funnel.goals[0]: unknown metric "income" (expected a built-in metric or one the config's metrics define: back_navigations, failed_mutations, time_to_complete, revenue)"#,
        ])
    }

    @Test("validate reports a config's metric mistakes with its file, then exits 1")
    func validateReportsMistakes() throws {
        let cli = try CLI()
        var config = try String(contentsOfFile: Repository.root.appendingPathComponent("Configuration/checkout/experiments.json").path, encoding: .utf8)
        config = config.replacingOccurrences(of: #""percentile": 0.99"#, with: #""percentile": 99"#)
        try config.write(toFile: cli.path("experiments.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(["validate", "--app", "checkout", "--config", "experiments.json"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("metrics[0].cap.percentile: 99 is out of range"), "\(result.standardError)")
    }

    @Test("validate and map name a metric whose events no variation logs (metric-never-logged), with the fix")
    func metricNeverLogged() throws {
        let cli = try CLI()
        var config = try String(contentsOfFile: Repository.root.appendingPathComponent("Configuration/checkout/experiments.json").path, encoding: .utf8)
        config = config.replacingOccurrences(of: #""reason": "card_declined""#, with: #""reason": "card_stolen""#)
        try config.write(toFile: cli.path("experiments.json"), atomically: true, encoding: .utf8)
        for command in ["validate", "map"] {
            let result = try cli.run([command, "--app", "checkout", "--config", "experiments.json"])
            #expect(result.status == 1, "\(command)")
            #expect(result.standardError.contains(
                #"[metric-never-logged]: experiment "checkout-layout" measures metric "declined-card" on mutation outcome=failed reason=card_stolen events, which no path of multi-step-checkout or one-page-checkout logs"#
            ), "\(command): \(result.standardError)")
            #expect(result.standardError.contains("fix: correct the metric's matcher in experiments.json"), "\(command)")
        }
        let bundled = try cli.run(["validate", "--app", "checkout", "--config", Repository.root.appendingPathComponent("Configuration/checkout/experiments.json").path])
        #expect(bundled.status == 0, "\(bundled.standardError)")
    }
}
