import Foundation
import Testing

/// `switchyard sql` run by real engines, `report --counts` on their output, and the native `report` on the same
/// logs: the JSON reports must be byte-identical but for the input names and the notes only a reader of the
/// lines can make (events out of order).
///
/// The engines come from PyPI (`.ci/run` installs them): DuckDB (`duckdb`), ClickHouse's engine in process
/// (`chdb`) and Spark in local mode (`pyspark`, with Java). A missing engine fails its test when `CI=true`
/// and disables it, saying so, elsewhere.
@Suite("Warehouse engines: DuckDB, ClickHouse and Spark count what the native report counts", .serialized)
struct WarehouseAgreementTests {
    enum Engine: String {
        case duckdb, clickhouse, spark

        var package: String {
            switch self {
            case .duckdb: "duckdb"
            case .clickhouse: "chdb"
            case .spark: "pyspark"
            }
        }

        /// Whether the engine's test runs: when its Python package is installed, and always in CI, where a
        /// missing engine must fail loudly rather than pass unseen.
        var shouldRun: Bool {
            ProcessInfo.processInfo.environment["CI"] == "true" || isInstalled
        }

        var isInstalled: Bool {
            (try? Python.run(["-c", "import \(package)"]).status) == 0
        }
    }

    static let scripts = Repository.root.appendingPathComponent("Tests/Warehouse")

    @Test("DuckDB: read_json_objects over the files and a loaded table give the native report, byte for byte",
          .enabled(if: Engine.duckdb.shouldRun, "duckdb is not installed (pip install duckdb); CI installs it and fails without it"))
    func duckdb() throws {
        try Self.agree(.duckdb)
    }

    @Test("ClickHouse (chDB): file() with LineAsString and a MergeTree table give the native report, byte for byte",
          .enabled(if: Engine.clickhouse.shouldRun, "chdb is not installed (pip install chdb); CI installs it and fails without it"))
    func clickhouse() throws {
        try Self.agree(.clickhouse)
    }

    @Test("Spark (local): from_json over the files and a view read with an explicit schema give the native report, byte for byte",
          .enabled(if: Engine.spark.shouldRun, "pyspark is not installed (pip install pyspark; needs Java); CI installs it and fails without it"))
    func spark() throws {
        try Self.agree(.spark)
    }

    @Test("The bundled checkout config: every engine's metrics equal report's on the files and on the log concatenated with itself",
          .enabled(if: Engine.duckdb.shouldRun || Engine.clickhouse.shouldRun || Engine.spark.shouldRun,
                   "no engine is installed (pip install duckdb chdb pyspark); CI installs them and fails without them"))
    func bundledCheckoutConfig() throws {
        let cli = try CLI()
        let simulated = try cli.run([
            "simulate", "--app", "checkout", "--users", "1500", "--seed", "21", "--jobs", "2", "--events", "checkout.jsonl",
            "--config", CheckoutConfiguration.experiments, "--behavior", CheckoutConfiguration.behavior,
        ])
        try #require(simulated.status == 0, "\(simulated.standardError)")
        let log = try String(contentsOfFile: cli.path("checkout.jsonl"), encoding: .utf8)
        try (log + log).write(toFile: cli.path("twice.jsonl"), atomically: true, encoding: .utf8)
        let config = ["--config", CheckoutConfiguration.experiments]
        let once = try cli.run(["report", "checkout.jsonl", "--format", "json", "--top-paths", "0"] + config)
        let twice = try cli.run(["report", "twice.jsonl", "--format", "json", "--top-paths", "0"] + config)
        try #require(once.status == 0 && twice.status == 0, "\(once.standardError)\(twice.standardError)")
        let lines = log.split(separator: "\n").count
        #expect(twice.standardOutput.contains(#""duplicate_events" : \#(lines),"#))
        #expect(Self.withoutDeliveryNotes(twice.standardOutput, log: "twice.jsonl") == Self.withoutDeliveryNotes(once.standardOutput, log: "checkout.jsonl"))
        // The checkout's metrics, each compared from counts: revenue, order value, time to complete, declined cards, backs.
        for metric in ["revenue", "order-value", "checkout-time-p50", "checkout-time-p90", "declined-card", "backs-per-screen"] {
            #expect(once.standardOutput.contains(#""metric" : "\#(metric)""#), "\(metric)")
        }
        for engine in [Engine.duckdb, .clickhouse, .spark] where engine.shouldRun {
            try #require(engine.isInstalled, "\(engine.package) is not installed: `pip install \(engine.package)` (.ci/run does)")
            let query = try cli.run(["sql", "--engine", engine.rawValue, "--files", cli.path("twice.jsonl")] + config)
            try #require(query.status == 0, "\(query.standardError)")
            try query.standardOutput.write(toFile: cli.path("checkout.sql"), atomically: true, encoding: .utf8)
            let counts = "checkout-\(engine.rawValue).csv"
            let ran = try Python.run([
                Self.scripts.appendingPathComponent("run_query.py").path, engine.rawValue, cli.path("checkout.sql"), cli.path(counts),
                "--format", "csv",
            ])
            try #require(ran.status == 0, "\(engine) failed on the checkout log: \(ran.standardError)")
            let report = try cli.run(["report", "--counts", counts, "--format", "json"] + config)
            try #require(report.status == 0, "\(report.standardError)")
            #expect(report.standardOutput == Self.expectedCountsReport(native: twice.standardOutput, log: "twice.jsonl", counts: counts),
                    "\(engine) on the checkout log delivered twice")
            #expect(try Self.stepTimesCompared(in: report.standardOutput), "\(engine): step times from counts")
        }
    }

    /// Simulates and crafts logs, then for the log in time order (query over the files, CSV out), the same
    /// lines shuffled (query over a table, JSON out), shuffled with a third of them delivered twice (query over
    /// the files, JSON out) and followed by hostile lines (query over the files, CSV out: lines every reader skips,
    /// keeps, or reads as one event, `craft_logs.py` lists them) compares the engine's report with the native one.
    static func agree(_ engine: Engine) throws {
        try #require(engine.isInstalled, "\(engine.package) is not installed: `pip install \(engine.package)` (.ci/run does)")
        let cli = try CLI()
        let simulated = try cli.run(Repository.simulate(users: 600, events: "simulated.jsonl", ["--seed", "15", "--jobs", "2"]))
        try #require(simulated.status == 0, "\(simulated.standardError)")
        let crafted = try Python.run([
            scripts.appendingPathComponent("craft_logs.py").path, cli.path("simulated.jsonl"), Repository.experiments, cli.path(""),
        ])
        try #require(crafted.status == 0, "\(crafted.standardError)")
        let shared = ["--config", "config.json", "--segment-by", "app-shell"]
        let redeliveredLines = try String(contentsOfFile: cli.path("redelivered.jsonl"), encoding: .utf8).split(separator: "\n").count
        let orderedLines = try String(contentsOfFile: cli.path("ordered.jsonl"), encoding: .utf8).split(separator: "\n").count
        for (log, format, fromTable) in logs(for: engine) {
            // Observed paths need the event lines; an engine's aggregates have none.
            let native = try cli.run(["report", "\(log).jsonl", "--format", "json", "--top-paths", "0"] + shared)
            try #require(native.status == 0, "\(native.standardError)")
            let source = fromTable ? ["--table", "events"] : ["--files", cli.path("\(log).jsonl")]
            let query = try cli.run(["sql", "--engine", engine.rawValue] + source + shared)
            try #require(query.status == 0, "\(query.standardError)")
            try query.standardOutput.write(toFile: cli.path("query.sql"), atomically: true, encoding: .utf8)
            let counts = "counts-\(log).\(format)"
            let ran = try Python.run([
                scripts.appendingPathComponent("run_query.py").path, engine.rawValue, cli.path("query.sql"), cli.path(counts),
                "--format", format,
            ] + (fromTable ? ["--table-from", cli.path("\(log).jsonl")] : []))
            try #require(ran.status == 0, "\(engine) failed on \(log).jsonl: \(ran.standardError)")
            let report = try cli.run(["report", "--counts", counts, "--format", "json"] + shared)
            try #require(report.status == 0, "\(report.standardError)")
            #expect(report.standardOutput == expectedCountsReport(native: native.standardOutput, log: "\(log).jsonl", counts: counts),
                    "\(engine) on \(log).jsonl")
            #expect(try stepTimesCompared(in: report.standardOutput), "\(engine) on \(log).jsonl: step times from counts")
            // The crafted users are in the report: a multi-variant user, the ties, the hostile step, the arms
            // with more screens than discovered steps.
            #expect(report.standardOutput.contains(#""excluded_multi_variant_users" : 1"#))
            #expect(report.standardOutput.contains(#""name" : "it's \"done\"; DROP TABLE x""#))
            #expect(report.standardOutput.contains(#""name" : "Home again""#))
            #expect(report.standardOutput.contains(#""discovered_screens_beyond_cap" : 40"#))
            // Every metric the config defines is compared from the engine's counts, none left out.
            for metric in ["account-created", "screens-seen", "credit", "credit-per-screen", "accounts-per-screen", "credit-p50",
                           "signup-time", "signup-time-p90", "home-time", "backs-in-a-day", "back-next-day", "seen-in-two-days"] {
                #expect(report.standardOutput.contains(#""metric" : "\#(metric)""#), "\(engine): \(metric)")
            }
            #expect(report.standardOutput.contains(#""invalid_values" : "#))
            // CUPED from the engine's covariates: every adjusted metric has its slope, none is unavailable, and the
            // crafted history moves the covariates of screens-seen (over its own day) and credit.
            #expect(!report.standardOutput.contains(#""unavailable" : "CUPED unavailable from counts""#), "\(engine) on \(log).jsonl")
            #expect(report.standardOutput.contains(#""lookback_days" : 1,"#), "\(engine) on \(log).jsonl")
            #expect(report.standardOutput.components(separatedBy: #""pre_exposure_p_value" : "#).count - 1 >= 2, "\(engine) on \(log).jsonl")
            // The hostile lines hold one event twice, its properties' keys in two orders.
            let duplicates = log == "redelivered" ? redeliveredLines - orderedLines : log == "hostile" ? 1 : 0
            #expect(report.standardOutput.contains(#""duplicate_events" : \#(duplicates),"#), "\(engine) on \(log).jsonl")
            #expect(!report.standardOutput.contains("left out"))
            let duplicateNote = report.standardOutput.contains("duplicate events ignored")
                || report.standardOutput.contains("1 duplicate event ignored")
            #expect(duplicateNote == (duplicates > 0))
        }
        // Delivered twice, every event still counts once: the same report as the log delivered once.
        let once = try cli.run(["report", "ordered.jsonl", "--format", "json", "--top-paths", "0"] + shared)
        let twice = try cli.run(["report", "redelivered.jsonl", "--format", "json", "--top-paths", "0"] + shared)
        #expect(withoutDeliveryNotes(twice.standardOutput, log: "redelivered.jsonl")
                == withoutDeliveryNotes(once.standardOutput, log: "ordered.jsonl"))
        // The hostile lines were read, natively too: the lines skipped, counted by reason.
        let hostile = try cli.run(["report", "hostile.jsonl", "--format", "json", "--top-paths", "0"] + shared)
        #expect(hostile.standardOutput.contains("26 malformed lines skipped, first at hostile.jsonl:\(orderedLines + 3)"))
        #expect(hostile.standardOutput.contains("1 line with unknown schema version skipped (hostile.jsonl:\(orderedLines + 2))"))
    }

    /// The crafted logs `engine` reads, each with the counts' format and whether it is read from a loaded table.
    ///
    /// Spark reads two of the four: the shuffled log from a table as JSON, and the hostile one (the ordered log with
    /// hostile lines after it, one event among them delivered twice) from the files as CSV. The other two take the
    /// same SQL paths, which DuckDB and chDB check on them; each Spark query takes minutes to plan and run.
    static func logs(for engine: Engine) -> [(log: String, format: String, fromTable: Bool)] {
        let all = [("ordered", "csv", false), ("shuffled", "json", true), ("redelivered", "json", false), ("hostile", "csv", false)]
        return engine == .spark ? all.filter { $0.0 == "shuffled" || $0.0 == "hostile" } : all
    }

    /// A JSON report without what tells how its log was delivered: its input, the duplicates' count and note, and
    /// the note about events out of order (and the blank line an empty list of notes is written as).
    static func withoutDeliveryNotes(_ report: String, log: String) -> String {
        report
            .replacingOccurrences(of: "\"\(log)\"", with: "\"log\"")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in
                !line.contains("duplicate") && !line.contains("arrived out of time order")
                    && !line.allSatisfy(\.isWhitespace)
            }
            .joined(separator: "\n")
    }

    /// Whether some treatment's step times in a report from counts are compared, step by step, and none says they are
    /// unavailable from counts.
    static func stepTimesCompared(in report: String) throws -> Bool {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        let experiments = try #require(json["experiments"] as? [[String: Any]])
        let times = experiments.flatMap { $0["step_times"] as? [[String: Any]] ?? [] }
        return times.allSatisfy { $0["unavailable"] as? String != "unavailable_from_counts" }
            && times.contains { ($0["steps"] as? [Any])?.isEmpty == false }
    }

    /// The native JSON report as the counts report must read: its input is the counts file, and the notes about
    /// events out of order and lines skipped, which only a reader of the lines can make, are not there.
    static func expectedCountsReport(native: String, log: String, counts: String) -> String {
        native
            .replacingOccurrences(of: "\"inputs\" : [\n    \"\(log)\"\n  ]", with: "\"inputs\" : [\n    \"\(counts)\"\n  ]")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in
                !line.contains("arrived out of time order: each user's events were counted in time order")
                    && !(line.contains(" skipped") && line.contains("\(log):"))
            }
            .joined(separator: "\n")
    }
}

/// Runs `python3` with arguments, as the engine tests and benchmarks do.
enum Python {
    static func run(_ arguments: [String]) throws -> CLI.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end before waiting, so that a chatty engine cannot fill one and block.
        let errorData = LockedData()
        let reader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { Thread.sleep(forTimeInterval: 0.01) }
        return CLI.Result(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.value, as: UTF8.self)
        )
    }

    /// Data handed from the thread that reads standard error.
    private final class LockedData: @unchecked Sendable {
        private let lock = NSLock()
        private var data: Data?

        func set(_ value: Data) {
            lock.withLock { data = value }
        }

        var isSet: Bool { lock.withLock { data != nil } }
        var value: Data { lock.withLock { data ?? Data() } }
    }
}
