#if os(Linux)
import Foundation
import Testing

/// The warehouse path at scale, end to end: DuckDB counts synthetic users built by SQL alone
/// (`Benchmarks/Scripts/duckdb_counts_at_scale.py`, its `range()` table), `switchyard sql` writes the query, and
/// `report --counts` reads what it returns. The counts are the native report's, and neither they nor the report's
/// memory grow with the users. docs/Performance.md quotes the same run at 20,000,000 users.
@Suite("Counts at scale: DuckDB's counts of synthetic users, the native report's, in rows and memory that do not grow with users",
       .serialized, .enabled(if: WarehouseAgreementTests.Engine.duckdb.shouldRun, "duckdb is not installed (pip install duckdb)"))
struct CountsAtScaleTests {
    static let script = Repository.root.appendingPathComponent("Benchmarks/Scripts/duckdb_counts_at_scale.py").path
    static let configuration = Repository.root.appendingPathComponent("Benchmarks/Scripts/counts-at-scale-experiments.json").path

    /// Runs the script for `users` users in `cli`'s folder `name`; its figures by name.
    static func counts(users: Int, in cli: CLI, named name: String, log: String? = nil) throws -> [String: Double] {
        let ran = try Python.run(
            [script, CLI.executable.path, "\(users)", cli.path(name), "--counts-only"] + (log.map { ["--log", cli.path($0)] } ?? [])
        )
        try #require(ran.status == 0, "\(ran.standardError)")
        let words = ran.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init)
        return Dictionary(stride(from: 0, to: words.count - 1, by: 2).compactMap { index in
            Double(words[index + 1]).map { (words[index], $0) }
        }, uniquingKeysWith: { first, _ in first })
    }

    @Test("The counts of 2,000 users give the report the log of their events gives, byte for byte")
    func equalToTheNativeReport() throws {
        let cli = try CLI()
        _ = try Self.counts(users: 2_000, in: cli, named: "small", log: "small.jsonl")
        let config = ["--config", Self.configuration, "--format", "json", "--top-paths", "0"]
        let native = try cli.run(["report", cli.path("small.jsonl")] + config)
        let counted = try cli.run(["report", "--counts", cli.path("small/counts.csv")] + config)
        try #require(native.status == 0 && counted.status == 0, "\(native.standardError)\(counted.standardError)")
        #expect(counted.standardOutput.replacingOccurrences(of: cli.path("small/counts.csv"), with: "INPUT")
                == native.standardOutput.replacingOccurrences(of: cli.path("small.jsonl"), with: "INPUT"))
        for metric in ["orders", "declined-card", "order-value", "checkout-time", "checkout-p90"] {
            #expect(counted.standardOutput.contains(#""metric" : "\#(metric)""#), "\(metric)")
        }
    }

    @Test("Ten times the users: the same counts rows, and the report from them in under 100 MB")
    func rowsAndMemoryDoNotGrow() throws {
        let cli = try CLI()
        var rows: [Double] = []
        for users in [40_000, 400_000] {
            let figures = try Self.counts(users: users, in: cli, named: "u\(users)")
            rows.append(figures["counts_rows"] ?? -1)
            let run = try MeasuredRun.switchyard(
                ["report", "--counts", cli.path("u\(users)/counts.csv"), "--config", Self.configuration, "--format", "json",
                 "--out", cli.path("u\(users)/report.json")],
                errorFile: cli.path("u\(users)/stderr")
            )
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.peakMiB < 100, "peak \(run.peakMiB) MiB for \(users) users")
            let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.path("u\(users)/report.json"))))
            let arms = ((report as? [String: Any])?["experiments"] as? [[String: Any]])?.first?["arms"] as? [[String: Any]] ?? []
            #expect(arms.compactMap { $0["users"] as? Int }.reduce(0, +) == users)
        }
        #expect(rows[0] == rows[1] && rows[0] > 0, "counts rows \(rows)")
    }
}
#endif
