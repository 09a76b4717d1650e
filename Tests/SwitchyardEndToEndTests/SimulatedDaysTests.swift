import Foundation
import Testing

/// `simulate` with a behaviour model's `days`: users who come back over the experiment's days and visited before it,
/// logged as a device fleet logs them, and the reports that read such logs: a retention guardrail that trades
/// against completion, and CUPED on shoppers' history. Run on the returning-users configurations under
/// Configuration/<app>/returning/.
@Suite("simulate: users over days, and what the report reads of them", .serialized)
struct SimulatedDaysTests {
    static func files(_ app: String) -> [String] {
        let folder = Repository.root.appendingPathComponent("Configuration/\(app)/returning")
        return [
            "--config", folder.appendingPathComponent("experiments.json").path,
            "--behavior", folder.appendingPathComponent("behavior.json").path,
        ]
    }

    /// One line of a simulated log, as far as these tests read it.
    struct Line: Decodable {
        var time: String
        var session: String
        var seq: Int
        var user: String
        var type: String
    }

    static func lines(of path: String) throws -> [Line] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let decoder = JSONDecoder()
        return try text.split(separator: "\n").map { try decoder.decode(Line.self, from: Data($0.utf8)) }
    }

    @Test("Sessions of one user share the user id, each session its own id and seq from 0; visits before the experiments log no exposure; any --jobs writes the same bytes")
    func logOfReturningUsers() throws {
        let cli = try CLI()
        for jobs in [1, 3] {
            let result = try cli.run(["simulate", "--app", "checkout", "--users", "700", "--seed", "4", "--jobs", "\(jobs)",
                                      "--events", "jobs-\(jobs).jsonl"] + Self.files("checkout"))
            try #require(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("sessions of users coming back"))
        }
        let one = try Data(contentsOf: URL(fileURLWithPath: cli.path("jobs-1.jsonl")))
        #expect(try one == Data(contentsOf: URL(fileURLWithPath: cli.path("jobs-3.jsonl"))))
        let lines = try Self.lines(of: cli.path("jobs-1.jsonl"))
        var sessionsByUser: [String: [String]] = [:]
        var nextSeq: [String: Int] = [:]
        var exposed: Set<String> = []
        var previousTime: [String: String] = [:]
        for line in lines {
            if sessionsByUser[line.user]?.last != line.session { sessionsByUser[line.user, default: []].append(line.session) }
            #expect(line.seq == nextSeq[line.session, default: 0], "\(line.session)")
            nextSeq[line.session] = line.seq + 1
            if line.type == "exposure" { exposed.insert(line.session) }
            // Each user's lines in time order (the times are ISO 8601 in UTC, of one width: text order is time order).
            #expect(previousTime[line.user].map { $0 <= line.time } ?? true, "\(line.user)")
            previousTime[line.user] = line.time
        }
        #expect(sessionsByUser.count == 700)
        let sessions = sessionsByUser.values.flatMap { $0 }
        #expect(Set(sessions).count == sessions.count, "a session belongs to one user, and is logged in one piece")
        let before = sessions.filter { $0.contains("-before-") }
        let returns = sessions.filter { $0.contains("-return-") }
        #expect(before.count > 100 && returns.count > 100, "\(before.count) before, \(returns.count) returns")
        #expect(before.allSatisfy { !exposed.contains($0) })
        #expect(sessions.filter { !$0.contains("-before-") }.allSatisfy { exposed.contains($0) })
        // Every visit before the experiments is before its start, 2026-11-01.
        let beforeTimes = lines.filter { $0.session.contains("-before-") }.map(\.time)
        #expect(beforeTimes.allSatisfy { $0 < "2026-11-01T00:00:00.000Z" })
    }

    /// The JSON report of a returning-users simulation of `app`.
    static func report(_ app: String, users: Int) throws -> [String: Any] {
        let cli = try CLI()
        let simulated = try cli.run(["simulate", "--app", app, "--users", "\(users)", "--seed", "9", "--events", "log.jsonl"] + files(app))
        try #require(simulated.status == 0, "\(simulated.standardError)")
        let report = try cli.run(["report", "log.jsonl", "--format", "json", "--top-paths", "0"] + Array(files(app).prefix(2)))
        try #require(report.status == 0, "\(report.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.standardOutput.utf8)) as? [String: Any])
        let experiments = try #require(json["experiments"] as? [[String: Any]])
        return try #require(experiments.first)
    }

    static func metric(_ id: String, in experiment: [String: Any]) throws -> [String: Any] {
        let metrics = try #require(experiment["metrics"] as? [[String: Any]])
        return try #require(metrics.first { $0["metric"] as? String == id })
    }

    @Test("Onboarding over 14 days: signup-after-profile completes more but brings fewer users back in the week after, and the verdict names the guardrail")
    func completionAgainstRetention() throws {
        let experiment = try Self.report("onboarding", users: 12_000)
        let retention = try Self.metric("came-back-week-1", in: experiment)
        #expect(retention["kind"] as? String == "retention")
        #expect(retention["is_significantly_worse"] as? Bool == true)
        // Users exposed in the last week were not measured: about half of the 14 days' arrivals.
        let unmeasured = (retention["control_missing_users"] as? Int ?? 0) + (retention["treatment_missing_users"] as? Int ?? 0)
        #expect((4_500...7_500).contains(unmeasured), "\(unmeasured)")
        let analysis = try #require(experiment["analysis"] as? [String: Any])
        let verdict = try #require(analysis["verdict"] as? String)
        #expect(verdict.contains("converts") && verdict.contains("better"), "\(verdict)")
        #expect(verdict.contains("but guardrail came-back-week-1 got significantly worse"), "\(verdict)")
        // The guardrail outweighs the conversion: the winner is not shipped, and the retention's difference reads in
        // percentage points, as in the metrics table.
        #expect(verdict.contains("p < 0.001: do not ship, a guardrail got worse;") && !verdict.contains("ship it"), "\(verdict)")
        #expect(verdict.contains(" pp Came back in the week after, adjusted p"), "\(verdict)")
    }

    @Test("A DuckDB query written from the docs alone counts the retention guardrail's measured and retained users as the report does",
          .enabled(if: WarehouseAgreementTests.Engine.duckdb.shouldRun, "duckdb is not installed (pip install duckdb); CI installs it and fails without it"))
    func retentionAgainstIndependentQuery() throws {
        try #require(WarehouseAgreementTests.Engine.duckdb.isInstalled, "duckdb is not installed: `pip install duckdb` (.ci/run does)")
        let cli = try CLI()
        let simulated = try cli.run(["simulate", "--app", "onboarding", "--users", "3000", "--seed", "12", "--events", "log.jsonl"] + Self.files("onboarding"))
        try #require(simulated.status == 0, "\(simulated.standardError)")
        let report = try cli.run(["report", "log.jsonl", "--format", "json", "--top-paths", "0"] + Array(Self.files("onboarding").prefix(2)))
        try #require(report.status == 0, "\(report.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.standardOutput.utf8)) as? [String: Any])
        let experiment = try #require((json["experiments"] as? [[String: Any]])?.first)
        let retention = try Self.metric("came-back-week-1", in: experiment)
        // The guardrail as Configuration/onboarding/returning/experiments.json defines it.
        let reference = try Python.run([
            WarehouseAgreementTests.scripts.appendingPathComponent("retention_reference.py").path, cli.path("log.jsonl"),
            "onboarding-order", "screen_shown", "welcome", "1", "7",
        ])
        try #require(reference.status == 0, "\(reference.standardError)")
        let counted = try #require(try JSONSerialization.jsonObject(with: Data(reference.standardOutput.utf8)) as? [String: [String: Int]])
        for (arm, variant) in [("control", "signup-before-profile"), ("treatment", "signup-after-profile")] {
            let expected = try #require(counted[variant])
            let measured = try #require(retention["\(arm)_users"] as? Int)
            let share = try #require(retention["\(arm)_mean"] as? Double)
            #expect(measured == expected["measured"], "\(variant)")
            #expect(retention["\(arm)_missing_users"] as? Int == (expected["users"] ?? 0) - (expected["measured"] ?? 0), "\(variant)")
            #expect(Int((share * Double(measured)).rounded()) == expected["retained"], "\(variant)")
            #expect((expected["measured"] ?? 0) > 500 && (expected["retained"] ?? 0) > 100, "\(counted)")
        }
    }

    @Test("Checkout over 14 days with shoppers' history: CUPED narrows the revenue interval by at least a sixth")
    func cupedOnHistory() throws {
        let experiment = try Self.report("checkout", users: 12_000)
        let revenue = try Self.metric("revenue", in: experiment)
        let cuped = try #require(revenue["cuped"] as? [String: Any])
        let reduction = try #require(cuped["variance_reduction"] as? Double)
        #expect(reduction > 0.3, "variance reduction \(reduction)")
        let theta = try #require(cuped["theta"] as? Double)
        #expect(theta > 0.3, "θ \(theta)")
    }
}
