import FlowEvents
import Foundation
import SeededRandom
import Testing

/// The query of `switchyard sql --files` reads a line's `time` as `EventTimestamp(iso8601:)` does: the same texts
/// kept, the same texts skipped, the same millisecond for each, in every engine. Each line is the exposure of an
/// experiment of its own, so the `first_exposure` row of the engine's counts is the millisecond it read.
@Suite("Warehouse engines read the time grammar as the native reader does", .serialized)
struct WarehouseTimeGrammarTests {
    typealias Engine = WarehouseAgreementTests.Engine

    @Test("DuckDB: the same times kept and skipped, the same milliseconds",
          .enabled(if: Engine.duckdb.shouldRun, "duckdb is not installed (pip install duckdb); CI installs it and fails without it"))
    func duckdb() throws {
        try Self.agree(.duckdb)
    }

    @Test("ClickHouse (chDB): the same times kept and skipped, the same milliseconds",
          .enabled(if: Engine.clickhouse.shouldRun, "chdb is not installed (pip install chdb); CI installs it and fails without it"))
    func clickhouse() throws {
        try Self.agree(.clickhouse)
    }

    @Test("Spark (local): the same times kept and skipped, the same milliseconds",
          .enabled(if: Engine.spark.shouldRun, "pyspark is not installed (pip install pyspark; needs Java); CI installs it and fails without it"))
    func spark() throws {
        try Self.agree(.spark)
    }

    /// Times of every form of the grammar across the writable years, the same times altered at random (most then
    /// outside it), and the edges: leap days, a leap second, the largest offsets, the first and last years.
    static func times() -> [String] {
        var random = SplitMix64(seed: 29)
        var texts = [
            "2000-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2100-02-28T23:59:59.999Z", "2024-02-29T12:00:00.5+14:00",
            "2026-12-31T23:59:60.999Z", "0000-01-01T00:00:00.000Z", "0000-01-01T00:00:00+23:59", "9999-12-31T23:59:59.999-23:59",
            "2026-11-02T10:00:50.000+00:00", "2026-11-02T10:00:50.000-00:00", "2026-11-02T10:00:50.123456789+05:45",
            "2026-11-02T10:00:50", "2026-11-02 10:00:50Z", "2026-11-02T10:00:50+0100", "2026-02-29T10:00:50Z",
        ]
        let zones = ["Z", "+00:00", "-00:00", "+01:00", "-05:30", "+14:00", "-12:00", "+23:59"]
        let replacements = Array("0123456789-:.TZ+ z".utf8)
        for index in 0..<400 {
            let millis = Int64.random(in: -62_160_000_000_000...253_390_000_000_000, using: &random)
            let canonical = EventTimestamp(millisecondsSince1970: millis).description
            let digits = Int.random(in: 0...9, using: &random)
            let fraction = digits == 0 ? "" : "." + String((canonical.dropFirst(20).prefix(3) + "123456").prefix(digits))
            var text = String(canonical.prefix(19)) + fraction + zones.randomElement(using: &random)!
            if index % 3 == 0 {
                var bytes = Array(text.utf8)
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = replacements.randomElement(using: &random)!
                text = String(decoding: bytes, as: UTF8.self)
            }
            texts.append(text)
        }
        return texts
    }

    static func agree(_ engine: Engine) throws {
        try #require(engine.isInstalled, "\(engine.package) is not installed: `pip install \(engine.package)` (.ci/run does)")
        let cli = try CLI()
        let times = times()
        let lines = times.enumerated().map { index, time in
            #"{"schema":1,"time":"\#(time)","session":"s","seq":\#(index),"user":"u\#(index)","experiment":"e\#(index)","#
                + #""variant":"v","type":"exposure","screen":null,"action":null,"properties":{}}"#
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: cli.path("times.jsonl"), atomically: true, encoding: .utf8)
        let query = try cli.run(["sql", "--engine", engine.rawValue, "--files", cli.path("times.jsonl")])
        try #require(query.status == 0, "\(query.standardError)")
        try query.standardOutput.write(toFile: cli.path("times.sql"), atomically: true, encoding: .utf8)
        let ran = try Python.run([
            WarehouseAgreementTests.scripts.appendingPathComponent("run_query.py").path, engine.rawValue, cli.path("times.sql"),
            cli.path("times.csv"), "--format", "csv",
        ])
        try #require(ran.status == 0, "\(engine) failed: \(ran.standardError)")
        // experiment,variant,measure,step,name,reason,value,total: no field here has a comma or a quote, but
        // ClickHouse quotes every string.
        var read: [Int: Int64] = [:]
        for row in try String(contentsOfFile: cli.path("times.csv"), encoding: .utf8).split(separator: "\n").dropFirst() {
            let fields = row.split(separator: ",", omittingEmptySubsequences: false).map { $0.filter { $0 != "\"" } }
            guard fields.count == 8, fields[2] == "first_exposure", let index = Int(fields[0].dropFirst()) else { continue }
            read[index] = Int64(String(fields[6]))
        }
        var kept = 0
        for (index, time) in times.enumerated() {
            let native = EventTimestamp(iso8601: Array(time.utf8))?.millisecondsSince1970
            #expect(read[index] == native, "\(engine) on \"\(time)\"")
            if native != nil { kept += 1 }
        }
        // Both kinds were exercised.
        #expect(kept > 250 && kept < times.count - 50, "\(kept) of \(times.count) kept")
    }
}
