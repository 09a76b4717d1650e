import Foundation
import Testing

/// The metrics a team defines, checked against another implementation on held-out logs: `report --format json`
/// and `Tests/Reference/defined_metrics.py`, written from docs/Statistics.md alone (scipy for the t distribution;
/// gbstats 0.8.0, when installed, cross-checks its quantiles), read the same device files, and every number of every
/// metric and treatment must agree: counts exactly, estimates to 1e-9, intervals and p-values to 1e-6.
///
/// The logs are simulated with seeds no other test uses, plus crafted shoppers with order amounts in valid and
/// invalid spellings and users at the edges of the rules, shuffled and dealt to several files, one of them ending in
/// half a line. scipy comes from PyPI (`.ci/run` installs it, with gbstats); without it the tests are disabled,
/// saying so, except when `CI=true`, where they fail.
@Suite("Metrics a team defines agree with an independent Python reference on held-out logs", .serialized)
struct DefinedMetricReferenceTests {
    static let scripts = Repository.root.appendingPathComponent("Tests/Reference")

    /// Whether the suite runs: when scipy is installed, and always in CI, where a missing scipy must fail loudly.
    static var shouldRun: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true" || scipyInstalled
    }

    static var scipyInstalled: Bool {
        (try? Python.run(["-c", "import scipy"]).status) == 0
    }

    @Test("checkout: two simulated seeds and crafted priced orders, shuffled over four devices, agree number by number",
          .enabled(if: shouldRun, "scipy is not installed (pip install scipy); CI installs it and fails without it"))
    func checkout() throws {
        let cli = try CLI()
        for seed in [7301, 7302] {
            try Self.simulate(app: "checkout", users: 1500, seed: seed, into: "simulated-\(seed).jsonl", cli: cli)
        }
        let crafted = try Python.run([
            Self.scripts.appendingPathComponent("craft_metric_logs.py").path, cli.path("crafted.jsonl"), "--seed", "7305",
            "--experiment", "priced-checkout", "--window-seconds", "300",
        ])
        try #require(crafted.status == 0, "\(crafted.standardError)")
        try Self.checkoutConfig.write(toFile: cli.path("config.json"), atomically: true, encoding: .utf8)
        let devices = try DeviceLogs.split(
            ["simulated-7301.jsonl", "simulated-7302.jsonl", "crafted.jsonl"], into: 4, seed: 7306, in: cli
        )
        let comparison = try Self.compare(devices, config: "config.json", cli: cli)
        #expect(comparison.mismatches.isEmpty, "\(comparison.mismatches.joined(separator: "\n"))")
        // Both experiments and every kind were compared: 23 metrics of checkout-layout, 24 of priced-checkout.
        #expect(comparison.rowsByKind.values.reduce(0, +) == 47, "\(comparison.summary)")
        for kind in ["proportion", "mean", "ratio", "quantile", "duration"] {
            #expect(comparison.rowsByKind[kind, default: 0] >= 2, "\(kind): \(comparison.summary)")
        }
        print("checkout, \(comparison.summary)")
    }

    @Test("onboarding: a simulated seed, shuffled over three devices, agrees on metrics of every kind over its events",
          .enabled(if: shouldRun, "scipy is not installed (pip install scipy); CI installs it and fails without it"))
    func onboarding() throws {
        let cli = try CLI()
        try Self.simulate(app: "onboarding", users: 2400, seed: 7303, into: "simulated.jsonl", cli: cli)
        try Self.onboardingConfig.write(toFile: cli.path("config.json"), atomically: true, encoding: .utf8)
        let devices = try DeviceLogs.split(["simulated.jsonl"], into: 3, seed: 7304, in: cli)
        let comparison = try Self.compare(devices, config: "config.json", cli: cli)
        #expect(comparison.mismatches.isEmpty, "\(comparison.mismatches.joined(separator: "\n"))")
        #expect(comparison.rowsByKind.values.reduce(0, +) == 17, "\(comparison.summary)")
        for kind in ["proportion", "mean", "ratio", "quantile", "duration"] {
            #expect(comparison.rowsByKind[kind, default: 0] >= 2, "\(kind): \(comparison.summary)")
        }
        print("onboarding, \(comparison.summary)")
    }

    @Test("the comparison can fail: the reference without caps, or without the metrics' own windows, disagrees",
          .enabled(if: shouldRun, "scipy is not installed (pip install scipy); CI installs it and fails without it"))
    func perturbedReferenceDisagrees() throws {
        let cli = try CLI()
        try Self.simulate(app: "onboarding", users: 1200, seed: 7307, into: "simulated.jsonl", cli: cli)
        try Self.onboardingConfig.write(toFile: cli.path("config.json"), atomically: true, encoding: .utf8)
        let report = try Self.report(["simulated.jsonl"], config: "config.json", cli: cli)
        for (perturbation, dropped) in [("caps", "cap"), ("own windows", "windowSeconds")] {
            let config = try Self.config(Self.onboardingConfig, withoutMetricKey: dropped)
            try config.write(toFile: cli.path("perturbed.json"), atomically: true, encoding: .utf8)
            let reference = try Self.reference(["simulated.jsonl"], config: "perturbed.json", cli: cli)
            let comparison = try MetricReferenceComparison(report: report, reference: reference)
            #expect(comparison.mismatches.count >= 3, "the reference without \(perturbation) still agreed")
        }
    }

    /// Two rules of docs/Statistics.md at their edge, on a minimal log: 150 users per arm, each exposed and showing
    /// `done` 10 s later in arm a and 12 s later in arm b, where only arm b's users also show `order`.
    ///
    /// - The median of time-to-done has equal bounds (L = U) in both arms with fewer than 1,000 values, which
    ///   cannot be tested (`no_variance`), as in gbstats' `_has_zero_variance`: its variance is a floor, not an
    ///   estimate.
    /// - Control never shows `order`, so its done-per-order ratio is undefined: absent, not 0.
    @Test("a quantile whose bounds are equal below 1,000 values is not tested; an undefined ratio is absent, not 0",
          .enabled(if: shouldRun, "scipy is not installed (pip install scipy); CI installs it and fails without it"))
    func edgesOfTheRules() throws {
        let cli = try CLI()
        var lines: [String] = []
        func event(_ user: String, _ milliseconds: Int, _ type: String, _ variant: String, screen: String? = nil) {
            let time = String(
                format: "2026-11-01T%02d:%02d:%02d.%03dZ", milliseconds / 3_600_000, milliseconds / 60000 % 60,
                milliseconds / 1000 % 60, milliseconds % 1000
            )
            let screenField = screen.map { "\"\($0)\"" } ?? "null"
            lines.append(
                #"{"schema":1,"time":"\#(time)","session":"s-\#(user)","user":"\#(user)","experiment":"ties","variant":"\#(variant)","#
                    + #""type":"\#(type)","screen":\#(screenField),"action":null,"properties":{}}"#
            )
        }
        for (arm, seconds) in [("a", 10), ("b", 12)] {
            for index in 0..<150 {
                let user = "\(arm)\(index)"
                event(user, index * 100, "exposure", arm)
                event(user, index * 100 + seconds * 1000, "screen_shown", arm, screen: "done")
                if arm == "b" { event(user, index * 100 + 1000, "screen_shown", arm, screen: "order") }
            }
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: cli.path("ties.jsonl"), atomically: true, encoding: .utf8)
        try Self.tiesConfig.write(toFile: cli.path("config.json"), atomically: true, encoding: .utf8)
        let comparison = try Self.compare(["ties.jsonl"], config: "config.json", cli: cli)
        #expect(comparison.rowsByKind == ["quantile": 1, "ratio": 1])
        // A quantile arm whose bounds are equal with fewer than 1,000 values cannot be tested (Statistics.md).
        #expect(!comparison.mismatches.contains { $0.contains("time-to-done-p50") }, "\(comparison.mismatches)")
        // An undefined ratio estimate is absent, not 0.
        #expect(!comparison.mismatches.contains { $0.contains("done-per-order") }, "\(comparison.mismatches)")
    }

    // MARK: - Running both

    static func simulate(app: String, users: Int, seed: Int, into events: String, cli: CLI) throws {
        let folder = Repository.root.appendingPathComponent("Configuration/\(app)")
        let result = try cli.run([
            "simulate", "--app", app, "--users", "\(users)", "--seed", "\(seed)", "--jobs", "2", "--events", events,
            "--config", folder.appendingPathComponent("experiments.json").path,
            "--behavior", folder.appendingPathComponent("behavior.json").path,
        ])
        try #require(result.status == 0, "\(result.standardError)")
    }

    static func report(_ logs: [String], config: String, cli: CLI) throws -> String {
        let result = try cli.run(["report"] + logs + ["--config", config, "--format", "json", "--top-paths", "0"])
        try #require(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    static func reference(_ logs: [String], config: String, cli: CLI) throws -> String {
        try #require(scipyInstalled, "scipy is not installed: `pip install scipy` (.ci/run does)")
        let result = try Python.run(
            [scripts.appendingPathComponent("defined_metrics.py").path, "--config", cli.path(config)] + logs.map(cli.path)
        )
        try #require(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    static func compare(_ logs: [String], config: String, cli: CLI) throws -> MetricReferenceComparison {
        try MetricReferenceComparison(
            report: report(logs, config: config, cli: cli), reference: reference(logs, config: config, cli: cli)
        )
    }

    /// `config` with `key` removed from every metric definition.
    static func config(_ config: String, withoutMetricKey key: String) throws -> String {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(config.utf8)) as? [String: Any])
        let metrics = try #require(object["metrics"] as? [[String: Any]])
        #expect(metrics.contains { $0[key] != nil })
        object["metrics"] = metrics.map { $0.filter { $0.key != key } }
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    // MARK: - Configurations

    /// checkout-layout (simulated shoppers) and priced-checkout (crafted ones, with amounts) share the definitions:
    /// capped means (a pooled percentile ignoring zeros, an absolute value), counts, a ratio of a capped mean to a
    /// count and one of a proportion to a count, proportions, a duration from an event and one from the exposure
    /// (capped), quantiles 0.5 and 0.9 of a duration, a quantile of a capped duration, of a count, of a sum and of
    /// the built-in time_to_complete, metrics with their own windows, and the built-in metrics. The funnel's window,
    /// 300 s, cuts the longer simulated sessions. revenue-p50 is analysed on priced-checkout only: simulated orders
    /// carry no amount, so every value is 0 there.
    static let checkoutConfig = """
    {
      "version": 1,
      "app": "checkout",
      "slots": [{ "id": "checkout-flow", "default": "multi-step-checkout" }],
      "experiments": [
        \(checkoutExperiment(key: "checkout-layout", extra: ""))
        ,
        \(checkoutExperiment(key: "priced-checkout", extra: #", "revenue-p50""#))
      ],
      "metrics": [
        { "id": "revenue", "kind": "mean", "value": "amount_cents",
          "event": { "type": "mutation", "properties": { "operation": "place_order", "outcome": "succeeded" } },
          "cap": { "percentile": 0.95, "ignoreZeros": true } },
        { "id": "revenue-absolute-cap", "kind": "mean", "value": "amount_cents",
          "event": { "type": "mutation", "properties": { "operation": "place_order", "outcome": "succeeded" } },
          "cap": { "absolute": 5000 } },
        { "id": "revenue-held", "kind": "mean", "value": "amount_cents",
          "event": { "type": "mutation", "properties": { "operation": "place_order", "outcome": "succeeded" } },
          "cap": { "percentile": [0.05, 0.95], "ignoreZeros": true } },
        { "id": "screens-held", "kind": "mean", "event": { "type": "screen_shown" }, "cap": { "absolute": [3, 12] } },
        { "id": "orders", "kind": "mean",
          "event": { "type": "mutation", "properties": { "operation": "place_order", "outcome": "succeeded" } } },
        { "id": "order-value", "kind": "ratio", "numerator": "revenue", "denominator": "orders" },
        { "id": "placed-order", "kind": "proportion",
          "event": { "type": "mutation", "properties": { "operation": "place_order", "outcome": "succeeded" } } },
        { "id": "declined-card", "kind": "proportion", "direction": "lower",
          "event": { "type": "mutation", "properties": { "outcome": "failed", "reason": "card_declined" } } },
        { "id": "declines-per-order", "kind": "ratio", "numerator": "declined-card", "denominator": "orders", "direction": "lower" },
        { "id": "checkout-time", "kind": "duration", "direction": "lower",
          "from": { "type": "screen_shown", "screen": "cart" }, "to": { "type": "screen_shown", "screen": "confirmation" } },
        { "id": "checkout-time-p50", "kind": "quantile", "of": "checkout-time", "quantile": 0.5, "direction": "lower" },
        { "id": "checkout-time-p90", "kind": "quantile", "of": "checkout-time", "quantile": 0.9, "direction": "lower" },
        { "id": "time-to-confirmation", "kind": "duration", "direction": "lower",
          "to": { "type": "screen_shown", "screen": "confirmation" }, "cap": { "percentile": 0.9 } },
        { "id": "confirmation-time-p50", "kind": "quantile", "of": "time-to-confirmation", "quantile": 0.5, "direction": "lower" },
        { "id": "early-backs", "kind": "mean", "direction": "lower", "windowSeconds": 90.5, "event": { "type": "back" } },
        { "id": "early-order", "kind": "proportion", "windowSeconds": 150.25,
          "event": { "type": "mutation", "properties": { "operation": "place_order", "outcome": "succeeded" } } },
        { "id": "screens", "kind": "mean", "event": { "type": "screen_shown" }, "cap": { "percentile": 0.99 } },
        { "id": "screens-p90", "kind": "quantile", "of": "screens", "quantile": 0.9 },
        { "id": "revenue-p50", "kind": "quantile", "of": "revenue", "quantile": 0.5 },
        { "id": "completion-time-p75", "kind": "quantile", "of": "time_to_complete", "quantile": 0.75, "direction": "lower" },
        { "id": "failures-per-back", "kind": "ratio", "numerator": "failed_mutations", "denominator": "back_navigations",
          "direction": "lower" }
      ]
    }
    """

    static func checkoutExperiment(key: String, extra: String) -> String {
        """
        {
          "key": "\(key)",
          "slot": "checkout-flow",
          "status": "active",
          "variations": ["multi-step-checkout", "one-page-checkout"],
          "coverage": 1,
          "hashAttribute": "id",
          "hashVersion": 2,
          "funnel": {
            "steps": [{ "name": "Saw cart", "type": "screen_shown", "screen": "cart" }],
            "conversionWindowSeconds": 300,
            "goal": { "type": "flow_completed" },
            "guardrails": ["declined-card", "back_navigations", "time-to-confirmation"],
            "metrics": [
              "revenue", "revenue-absolute-cap", "orders", "order-value", "placed-order", "declines-per-order",
              "checkout-time", "checkout-time-p50", "checkout-time-p90", "confirmation-time-p50", "early-backs",
              "early-order", "screens", "screens-p90", "failed_mutations", "time_to_complete", "completion-time-p75",
              "failures-per-back", "revenue-held", "screens-held"\(extra)
            ]
          }
        }
        """
    }

    /// The minimal log's experiment: the median of the time from exposure to `done`, and `done` per `order`.
    static let tiesConfig = """
    {
      "version": 1,
      "app": "checkout",
      "slots": [{ "id": "s", "default": "a" }],
      "experiments": [
        { "key": "ties", "slot": "s", "status": "active", "variations": ["a", "b"], "coverage": 1, "hashAttribute": "id",
          "hashVersion": 2,
          "funnel": { "steps": [{ "name": "Done", "type": "screen_shown", "screen": "done" }], "conversionWindowSeconds": 60,
                      "goal": { "type": "screen_shown", "screen": "done" }, "metrics": ["time-to-done-p50", "done-per-order"] } }
      ],
      "metrics": [
        { "id": "time-to-done", "kind": "duration", "to": { "type": "screen_shown", "screen": "done" } },
        { "id": "time-to-done-p50", "kind": "quantile", "of": "time-to-done", "quantile": 0.5 },
        { "id": "done", "kind": "mean", "event": { "type": "screen_shown", "screen": "done" } },
        { "id": "orders", "kind": "mean", "event": { "type": "screen_shown", "screen": "order" } },
        { "id": "done-per-order", "kind": "ratio", "numerator": "done", "denominator": "orders" }
      ]
    }
    """

    /// Metrics of every kind on the onboarding app's events: proportions (one with its own window), counts, a sum of
    /// the exposure's `bucket` capped absolutely, a sum of `appVersion` (never a JSON number: every value invalid),
    /// ratios (of counts, of a built-in count to a capped count, of a count capped at a percentile of non-zero values
    /// to a proportion), a duration from an event capped at a percentile, one from the exposure with its own window
    /// and an absolute cap, quantiles of both and of a capped count, and the built-in metrics.
    static let onboardingConfig = """
    {
      "version": 1,
      "app": "onboarding",
      "slots": [
        { "id": "app-shell", "default": "phone" },
        { "id": "auth-flow", "default": "signup-before-profile" }
      ],
      "experiments": [
        {
          "key": "onboarding-order",
          "slot": "auth-flow",
          "status": "active",
          "variations": ["signup-before-profile", "signup-after-profile"],
          "coverage": 1,
          "hashAttribute": "id",
          "hashVersion": 2,
          "funnel": {
            "steps": [{ "name": "Saw welcome", "type": "screen_shown", "screen": "welcome" }],
            "conversionWindowSeconds": 240,
            "goal": { "type": "flow_completed" },
            "guardrails": ["account-errors", "failed_mutations"],
            "metrics": [
              "account-created", "early-signup", "screens", "bucket-sum", "app-version-sum", "errors-per-attempt",
              "backs-per-screen", "signup-to-home", "signup-to-home-p50", "signup-to-home-p90", "time-to-home",
              "time-to-home-p50", "screens-p25", "time_to_complete", "profile-saves-per-signup"
            ]
          }
        }
      ],
      "metrics": [
        { "id": "account-created", "kind": "proportion",
          "event": { "type": "mutation", "properties": { "operation": "create_account", "outcome": "succeeded" } } },
        { "id": "early-signup", "kind": "proportion", "windowSeconds": 45.125,
          "event": { "type": "screen_shown", "screen": "signup" } },
        { "id": "account-errors", "kind": "mean", "direction": "lower",
          "event": { "type": "mutation", "properties": { "operation": "create_account", "outcome": "failed" } } },
        { "id": "signup-attempts", "kind": "mean", "event": { "type": "action", "screen": "signup", "action": "create_account" } },
        { "id": "screens", "kind": "mean", "event": { "type": "screen_shown" }, "cap": { "percentile": 0.95 } },
        { "id": "bucket-sum", "kind": "mean", "value": "bucket", "event": { "type": "exposure" }, "cap": { "absolute": 0.75 } },
        { "id": "app-version-sum", "kind": "mean", "value": "appVersion", "event": { "type": "session_started" } },
        { "id": "errors-per-attempt", "kind": "ratio", "numerator": "account-errors", "denominator": "signup-attempts",
          "direction": "lower" },
        { "id": "backs-per-screen", "kind": "ratio", "numerator": "back_navigations", "denominator": "screens", "direction": "lower" },
        { "id": "profile-saves", "kind": "mean", "event": { "type": "action", "screen": "profile", "action": "save_profile" },
          "cap": { "percentile": 0.5, "ignoreZeros": true } },
        { "id": "profile-saves-per-signup", "kind": "ratio", "numerator": "profile-saves", "denominator": "early-signup" },
        { "id": "signup-to-home", "kind": "duration", "direction": "lower",
          "from": { "type": "screen_shown", "screen": "signup" }, "to": { "type": "screen_shown", "screen": "home" },
          "cap": { "percentile": 0.98 } },
        { "id": "signup-to-home-p50", "kind": "quantile", "of": "signup-to-home", "quantile": 0.5, "direction": "lower" },
        { "id": "signup-to-home-p90", "kind": "quantile", "of": "signup-to-home", "quantile": 0.9, "direction": "lower" },
        { "id": "time-to-home", "kind": "duration", "direction": "lower", "windowSeconds": 120.5,
          "from": "exposure", "to": { "type": "screen_shown", "screen": "home" }, "cap": { "absolute": 100 } },
        { "id": "time-to-home-p50", "kind": "quantile", "of": "time-to-home", "quantile": 0.5, "direction": "lower" },
        { "id": "screens-p25", "kind": "quantile", "of": "screens", "quantile": 0.25 }
      ]
    }
    """
}
