#if os(Linux)
import Foundation
import Testing

/// `report --counts` on counts files whose totals count a hundred million users and more: memory follows the
/// file's rows, never its totals, and totals beyond what the report can count are an error at their row.
@Suite("Counts of many users: memory in the rows, not in the users they count", .serialized)
struct CountsOfManyUsersTests {
    /// An experiment with configured steps, a goal, a mean of a count, a ratio of a sum over a count (the sum capped
    /// at its 99th percentile), a proportion, a duration and its 90th percentile: the caps and quantiles are read
    /// off the values in order, which must not expand them one per user.
    static let configuration = #"""
        {"version": 1, "app": "big", "slots": [{"id": "s", "default": "A"}],
         "experiments": [{"key": "big", "slot": "s", "status": "active", "coverage": 1, "hashAttribute": "id", "hashVersion": 2,
           "variations": ["A", "B"],
           "funnel": {"steps": [{"name": "Saw cart", "type": "screen_shown", "screen": "cart"},
                                {"name": "Paid", "type": "mutation", "properties": {"operation": "pay", "outcome": "succeeded"}}],
                      "conversionWindowSeconds": 3600, "goal": {"name": "Completed", "type": "flow_completed"},
                      "goals": ["orders"], "guardrails": ["declined-card"], "metrics": ["order-value", "checkout-time", "checkout-p90"]}}],
         "metrics": [
           {"id": "revenue", "name": "Revenue", "kind": "mean", "value": "amount", "cap": {"percentile": 0.99},
            "event": {"type": "mutation", "properties": {"operation": "pay", "outcome": "succeeded"}}},
           {"id": "orders", "name": "Orders", "kind": "mean", "event": {"type": "mutation", "properties": {"operation": "pay", "outcome": "succeeded"}}},
           {"id": "order-value", "name": "Order value", "kind": "ratio", "numerator": "revenue", "denominator": "orders"},
           {"id": "checkout-time", "name": "Checkout time", "kind": "duration", "direction": "lower",
            "from": {"type": "screen_shown", "screen": "cart"}, "to": {"type": "flow_completed"}},
           {"id": "checkout-p90", "name": "Checkout time p90", "kind": "quantile", "of": "checkout-time", "quantile": 0.9},
           {"id": "declined-card", "name": "Declined", "kind": "proportion", "direction": "lower",
            "event": {"type": "mutation", "properties": {"outcome": "failed", "reason": "card_declined"}}}]}
        """#

    static let groups = [
        "count mutation operation=pay outcome=succeeded within 3600000 ms | sum amount of mutation operation=pay outcome=succeeded within 3600000 ms",
        "any mutation outcome=failed reason=card_declined within 3600000 ms",
        "duration from screen_shown screen=cart to flow_completed within 3600000 ms",
    ]

    /// A counts file of `users` users split between two arms, each arm's users spread over a few hundred distinct
    /// times and values; B converts a little more often.
    static func counts(users: Int) -> String {
        var lines = ["experiment,variant,measure,step,name,reason,value,total"]
        for (arm, share) in [("A", users / 2), ("B", users - users / 2)] {
            let lift = arm == "B" ? 1 : 0
            func row(_ measure: String, step: Int = 0, name: String = "", reason: String = "", value: Int = 0, total: Int) {
                lines.append("big,\(arm),\(measure),\(step),\"\(name)\",\"\(reason)\",\(value),\(total)")
            }
            row("first_exposure", value: 1_700_000_000_000 + lift, total: share)
            row("users", total: share)
            let carted = share / 2, paid = share / 5 + lift * share / 100
            // 200 distinct times per step and for the goal: the users of each time add up to the step's users.
            for (step, reached) in [(1, carted), (2, paid)] {
                for time in 0..<200 {
                    row("step", step: step, value: 1_000 * (step + time), total: reached / 200 + (time < reached % 200 ? 1 : 0))
                }
            }
            for time in 0..<200 {
                row("goal", value: 3_000 + 1_000 * time, total: paid / 200 + (time < paid % 200 ? 1 : 0))
            }
            row("converted_reaching_step", step: 0, total: paid)
            row("converted_reaching_step", step: 1, total: paid)
            row("converted_reaching_step", step: 2, total: paid)
            row("back", name: "cart", total: share / 10)
            row("failed_mutation", name: "payment", reason: "card_declined", total: share / 50)
            for (number, label) in groups.enumerated() {
                row("metric_group", step: number + 1, name: label, total: 0)
            }
            // Orders and amounts: one order of 20 prices, or two orders of 10 prices each.
            for price in 0..<20 {
                row("metric_users", step: 1, reason: "1|1 \(1_000 + 250 * price)", total: paid / 40)
                row("metric_users", step: 1, reason: "2|2 \(1_000 + 250 * price) 500", total: paid / 40)
            }
            row("metric_users", step: 2, reason: "1", total: share / 50 - lift * share / 500)
            for time in 0..<200 {
                row("metric_users", step: 3, reason: "\(2_000 + 997 * time)", total: paid / 200 + (time < paid % 200 ? 1 : 0))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("A hundred million and a billion users in a small counts file: a report in under 100 MB, as for a thousand",
          arguments: [1_000, 100_000_000, 1_000_000_000])
    func manyUsers(users: Int) throws {
        let cli = try CLI()
        try Self.configuration.write(toFile: cli.path("config.json"), atomically: true, encoding: .utf8)
        try Self.counts(users: users).write(toFile: cli.path("counts.csv"), atomically: true, encoding: .utf8)
        let run = try MeasuredRun.switchyard(
            ["report", "--counts", cli.path("counts.csv"), "--config", cli.path("config.json"), "--format", "json",
             "--out", cli.path("report.json")],
            errorFile: cli.path("stderr")
        )
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.peakMiB < 100, "peak \(run.peakMiB) MiB for \(users) users")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.path("report.json")))) as? [String: Any]
        let experiment = (report?["experiments"] as? [[String: Any]])?.first
        let arms = experiment?["arms"] as? [[String: Any]] ?? []
        #expect(arms.map { $0["users"] as? Int } == [users / 2, users - users / 2])
        let metrics = experiment?["metrics"] as? [[String: Any]] ?? []
        #expect(Set(metrics.compactMap { $0["metric"] as? String }) == ["orders", "declined-card", "order-value", "checkout-time", "checkout-p90"],
                "\(metrics.compactMap { $0["metric"] })")
        for metric in metrics {
            #expect(metric["p_value"] is Double, "\(metric)")
        }
    }

    @Test("Totals of 2^62 and 2^63 − 1, and sums past 2^53, are an error naming the row, never a trap",
          arguments: [
            (["big,A,users,0,,,0,\(Int.max)"], 2),
            (["big,A,users,0,,,0,\(1 << 62)"], 2),
            (["big,A,users,0,,,0,\((1 << 52) + 1)", "big,B,users,0,,,0,\((1 << 52) + 1)"], 3),
            (["big,A,metric_users,2,,1,0,\(1 << 62)"], 2),
            (["big,A,metric_users,1,,\"1|\(Int64.max) 5\",0,2"], 2),
            (["big,A,back,0,cart,,0,\(1 << 62)"], 2),
          ])
    func overflowingTotals(rows: [String], line: Int) throws {
        let cli = try CLI()
        try Self.configuration.write(toFile: cli.path("config.json"), atomically: true, encoding: .utf8)
        var lines = Self.counts(users: 1_000).split(separator: "\n").map(String.init)
        lines.insert(contentsOf: rows, at: 1)
        try (lines.joined(separator: "\n") + "\n").write(toFile: cli.path("counts.csv"), atomically: true, encoding: .utf8)
        let run = try MeasuredRun.switchyard(
            ["report", "--counts", cli.path("counts.csv"), "--config", cli.path("config.json")], errorFile: cli.path("stderr")
        )
        #expect(run.status == 1, "status \(run.status): \(run.standardError)")
        #expect(run.standardError.hasPrefix("Error: \(cli.path("counts.csv")):\(line): "), "\(run.standardError)")
    }
}
#endif
