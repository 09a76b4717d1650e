import Foundation
import Testing

/// `report` with a config's `analysis.cuped` on a log written as an app writes it: every metric that CUPED adjusts
/// carries `cuped` in JSON (θ as computed here from each user's orders, each field named in docs/CLI.md), the
/// cuped_* CSV columns and the "CUPED:" note in the other formats; nothing of CUPED without it; "CUPED unavailable
/// from counts" from counts; a bad lookback refused at its JSON path.
@Suite("report: CUPED from a config's analysis.cuped, end to end")
struct CUPEDEndToEndTests {
    /// A shop whose metrics are orders per user, the share of buyers and revenue per order, adjusted over
    /// `analysis` (an `analysis` object's text, or nil for none).
    static func configuration(analysis: String?) -> String {
        let order = #"{"type": "mutation", "properties": {"operation": "place_order", "outcome": "succeeded"}}"#
        return """
            {"version": 1, "app": "shop", "slots": [{"id": "s", "default": "A"}],
             "experiments": [{"key": "shop", "slot": "s", "status": "active", "coverage": 1, "hashAttribute": "id", "hashVersion": 2,
               "variations": ["A", "B"],\(analysis.map { #" "analysis": \#($0),"# } ?? "")
               "funnel": {"steps": [{"name": "Saw cart", "type": "screen_shown", "screen": "cart"}],
                          "conversionWindowSeconds": 3600, "goal": {"name": "Completed", "type": "flow_completed"},
                          "metrics": ["orders", "buyers", "order-value"]}}],
             "metrics": [
               {"id": "revenue", "name": "Revenue", "kind": "mean", "value": "amount", "event": \(order)},
               {"id": "orders", "name": "Orders", "kind": "mean", "event": \(order)},
               {"id": "buyers", "name": "Buyers", "kind": "proportion", "event": \(order)},
               {"id": "order-value", "name": "Order value", "kind": "ratio", "numerator": "revenue", "denominator": "orders"}]}
            """
    }

    static let cuped = #"{"cuped": {"lookbackDays": 14}}"#

    /// One user's orders before exposure (inside the lookback) and after it (inside the window).
    struct User {
        var id: String
        var variant: String
        var history: Int
        var after: Int
    }

    /// Thirty users per arm; a user's orders after exposure go with their orders over the days before it, and B's
    /// users order a little more.
    static let users: [User] = (0..<60).map { index in
        let variant = index < 30 ? "A" : "B"
        let history = index % 5
        return User(id: "user-\(index)", variant: variant, history: history,
                    after: history / 2 + (index % 3 == 0 ? 1 : 0) + (variant == "B" && index % 2 == 0 ? 1 : 0))
    }

    /// The users' exposures and orders as JSON Lines, each user exposed at their own hour of 2026-11-22 and after.
    static var log: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let origin = Date(timeIntervalSince1970: 1_795_338_000)
        func line(_ user: User, at seconds: Double, exposure: Bool, amount: Int = 0) -> String {
            let time = formatter.string(from: origin.addingTimeInterval(seconds))
            let attribution = exposure ? #""experiment":"shop","variant":"\#(user.variant)","type":"exposure""# : #""experiment":null,"variant":null,"type":"mutation""#
            let properties = exposure ? "{}" : #"{"operation":"place_order","outcome":"succeeded","amount":"\#(amount)"}"#
            return #"{"schema":1,"time":"\#(time)","session":"s-\#(user.id)","user":"\#(user.id)",\#(attribution),"screen":null,"action":null,"properties":\#(properties)}"#
        }
        var lines: [String] = []
        for (index, user) in users.enumerated() {
            let exposure = Double(index) * 3_000
            for order in (0..<user.history).reversed() {
                lines.append(line(user, at: exposure - Double(2 * order + 1) * 86_400 - 7_200, exposure: false, amount: 10 + (index + order) % 7))
            }
            lines.append(line(user, at: exposure, exposure: true))
            for order in 0..<user.after {
                lines.append(line(user, at: exposure + Double(60 * (order + 1)), exposure: false, amount: 10 + (index + order) % 7))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// θ of orders per user, pooled over both arms: the sample covariance of orders after and before exposure
    /// over the sample variance of orders before.
    static var theta: Double {
        let x = users.map { Double($0.after) }, covariate = users.map { Double($0.history) }
        let n = Double(users.count)
        let (meanX, meanCovariate) = (x.reduce(0, +) / n, covariate.reduce(0, +) / n)
        let covariance = zip(x, covariate).map { ($0 - meanX) * ($1 - meanCovariate) }.reduce(0, +) / (n - 1)
        let variance = covariate.map { ($0 - meanCovariate) * ($0 - meanCovariate) }.reduce(0, +) / (n - 1)
        return covariance / variance
    }

    func setUp(analysis: String?) throws -> CLI {
        let cli = try CLI()
        try Self.configuration(analysis: analysis).write(toFile: cli.path("config.json"), atomically: true, encoding: .utf8)
        try Self.log.write(toFile: cli.path("events.jsonl"), atomically: true, encoding: .utf8)
        return cli
    }

    @Test("JSON: cuped on every adjusted metric, θ as computed from the users' orders, every field documented; each format shows it")
    func everyFormat() throws {
        let cli = try setUp(analysis: Self.cuped)
        let arguments = ["report", "events.jsonl", "--config", "config.json"]
        let report = try cli.run(arguments + ["--format", "json"])
        try #require(report.status == 0, "\(report.standardError)")
        let experiment = try #require((report.json?["experiments"] as? [[String: Any]])?.first)
        let metrics = try #require(experiment["metrics"] as? [[String: Any]])
        #expect(metrics.compactMap { $0["metric"] as? String } == ["orders", "buyers", "order-value"])
        let docs = try StepTimesEndToEndTests.docsSection(from: "Each entry of an experiment's `metrics`")
        for metric in metrics {
            let cuped = try #require(metric["cuped"] as? [String: Any], "\(metric)")
            #expect(cuped["lookback_days"] as? Int == 14)
            let theta = try #require(cuped["theta"] as? Double)
            let reduction = try #require(cuped["variance_reduction"] as? Double)
            #expect(theta.isFinite && reduction >= 0 && reduction < 1, "\(metric)")
            #expect(cuped["is_imbalanced"] as? Bool == false)
            for key in cuped.keys {
                #expect(docs.contains("cuped.\(key)"), "cuped field \(key) is not in docs/CLI.md's metrics table")
            }
        }
        let orders = try #require(metrics.first?["cuped"] as? [String: Any])
        let theta = try #require(orders["theta"] as? Double)
        #expect(abs(theta - Self.theta) <= 1e-12 * abs(Self.theta), "θ \(theta) against \(Self.theta)")
        #expect(try #require(orders["variance_reduction"] as? Double) > 0.3)

        for (format, marker) in [("table", "Orders, B: CUPED: interval "), ("markdown", "Orders, B: CUPED: interval "),
                                 ("html", "Orders, B: CUPED: interval ")] {
            let rendered = try cli.run(arguments + ["--format", format])
            #expect(rendered.status == 0 && rendered.standardOutput.contains(marker), "\(format)")
            #expect(rendered.standardOutput.contains("pre-exposure balance ok"), "\(format)")
        }
        let csv = try cli.run(arguments + ["--format", "csv"])
        let rows = csv.standardOutput.components(separatedBy: "\r\n").map { $0.components(separatedBy: ",") }
        let header = try #require(rows.first)
        let thetaColumn = try #require(header.firstIndex(of: "cuped_theta"))
        let metricColumn = try #require(header.firstIndex(of: "metric"))
        let ordersRow = try #require(rows.first { $0.count == header.count && $0[metricColumn] == "orders" })
        #expect(Double(ordersRow[thetaColumn]) == theta)
    }

    @Test("without analysis.cuped nothing of CUPED in any format")
    func notConfigured() throws {
        let cli = try setUp(analysis: nil)
        for format in ["json", "table", "markdown", "html"] {
            let result = try cli.run(["report", "events.jsonl", "--config", "config.json", "--format", format])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(!result.standardOutput.lowercased().contains("cuped") && !result.standardOutput.contains("pre-exposure"), "\(format)")
        }
    }

    @Test("a lookback out of range is refused at its JSON path, before any log is read")
    func badLookback() throws {
        let cli = try setUp(analysis: #"{"cuped": {"lookbackDays": 400}}"#)
        let result = try cli.run(["report", "events.jsonl", "--config", "config.json"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("experiments[0].analysis.cuped.lookbackDays: 400 is out of range"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("a metric's own cuped without analysis.cuped: that metric alone is adjusted, with the θ the experiment-wide lookback gives it")
    func perMetric() throws {
        let cli = try CLI()
        let configuration = Self.configuration(analysis: nil).replacingOccurrences(
            of: #""kind": "mean", "event""#, with: #""kind": "mean", "cuped": {"lookbackDays": 14}, "event""#
        )
        try configuration.write(toFile: cli.path("config.json"), atomically: true, encoding: .utf8)
        try Self.log.write(toFile: cli.path("events.jsonl"), atomically: true, encoding: .utf8)
        let report = try cli.run(["report", "events.jsonl", "--config", "config.json", "--format", "json"])
        try #require(report.status == 0, "\(report.standardError)")
        let experiment = try #require((report.json?["experiments"] as? [[String: Any]])?.first)
        let metrics = try #require(experiment["metrics"] as? [[String: Any]])
        let byID = Dictionary(metrics.compactMap { metric in (metric["metric"] as? String).map { ($0, metric) } }, uniquingKeysWith: { a, _ in a })
        let orders = try #require(byID["orders"]?["cuped"] as? [String: Any])
        #expect(orders["lookback_days"] as? Int == 14)
        let theta = try #require(orders["theta"] as? Double)
        #expect(abs(theta - Self.theta) <= 1e-12 * abs(Self.theta), "θ \(theta) against \(Self.theta)")
        #expect(byID["buyers"] != nil && byID["buyers"]?["cuped"] == nil)
        #expect(byID["order-value"] != nil && byID["order-value"]?["cuped"] == nil)

        let refused = configuration.replacingOccurrences(of: #""kind": "proportion", "event""#, with: #""kind": "proportion", "cuped": true, "event""#)
        try refused.write(toFile: cli.path("config.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(["report", "events.jsonl", "--config", "config.json"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("metrics[2].cuped: expected {\"lookbackDays\": n}"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    #if os(Linux)
    @Test("report --counts on counts without covariates (an older query's): each metric CUPED would adjust says CUPED unavailable from counts, in JSON and in the table")
    func fromCounts() throws {
        let cli = try CLI()
        let configuration = CountsOfManyUsersTests.configuration.replacingOccurrences(
            of: #""variations": ["A", "B"],"#, with: #""variations": ["A", "B"], "analysis": {"cuped": {"lookbackDays": 14}},"#
        )
        try configuration.write(toFile: cli.path("config.json"), atomically: true, encoding: .utf8)
        try CountsOfManyUsersTests.counts(users: 1_000).write(toFile: cli.path("counts.csv"), atomically: true, encoding: .utf8)
        let arguments = ["report", "--counts", "counts.csv", "--config", "config.json"]
        let report = try cli.run(arguments + ["--format", "json"])
        try #require(report.status == 0, "\(report.standardError)")
        let experiment = try #require((report.json?["experiments"] as? [[String: Any]])?.first)
        let metrics = try #require(experiment["metrics"] as? [[String: Any]])
        for metric in metrics {
            let id = try #require(metric["metric"] as? String)
            let cuped = metric["cuped"] as? [String: Any]
            // Durations and quantiles are never adjusted.
            if ["duration", "quantile"].contains(metric["kind"] as? String) {
                #expect(cuped == nil, "\(id)")
            } else {
                #expect(cuped?["unavailable"] as? String == "CUPED unavailable from counts", "\(id)")
                #expect(cuped?["theta"] == nil && metric["p_value"] is Double, "\(id)")
            }
        }
        let table = try cli.run(arguments)
        #expect(table.standardOutput.contains("CUPED unavailable from counts (compared unadjusted)"))
    }
    #endif
}
