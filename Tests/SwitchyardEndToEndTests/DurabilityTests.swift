import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Logs under concurrency and crashes", .serialized)
struct DurabilityTests {
    private func simulateArguments(users: Int, seed: Int, events: String) -> [String] {
        [
            "simulate", "--users", "\(users)", "--seed", "\(seed)", "--config", Repository.experiments,
            "--behavior", Repository.behavior, "--events", events, "--append",
        ]
    }

    @Test("several processes appending to one log never interleave bytes within a line")
    func concurrentAppenders() throws {
        let cli = try CLI()
        let processes = try (1...4).map { seed in
            let process = Process()
            process.executableURL = CLI.executable
            process.arguments = simulateArguments(users: 3000, seed: seed, events: cli.path("shared.jsonl"))
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let text = try #require(cli.contents(of: "shared.jsonl"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(text.hasSuffix("\n"))
        var sessionsBySeed: [String: Set<String>] = [:]
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "line: \(line.prefix(80))")
            let session = try #require(object["session"] as? String)
            sessionsBySeed[String(session.split(separator: "-")[1]), default: []].insert(session)
        }
        #expect(sessionsBySeed.mapValues(\.count) == ["1": 3000, "2": 3000, "3": 3000, "4": 3000])
    }

    @Test("a simulation killed mid-write leaves at most one partial line, which report skips and counts")
    func killedMidRun() throws {
        let cli = try CLI()
        let (process, _) = try cli.killWhileWriting(
            simulateArguments(users: 2_000_000, seed: 5, events: cli.path("killed.jsonl")),
            file: "killed.jsonl",
            bytes: 4_000_000
        )
        #expect(process.terminationReason == .uncaughtSignal)
        let text = try #require(cli.contents(of: "killed.jsonl"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let complete = lines.dropLast()
        #expect(complete.count > 1000, "the run was killed after writing some batches")
        #expect(complete.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })
        let partial = lines.last ?? ""
        let report = try cli.run(["report", "killed.jsonl", "--config", Repository.experiments, "--format", "json"])
        #expect(report.status == 0, "\(report.standardError)")
        let diagnostics = report.json?["diagnostics"] as? [String] ?? []
        if partial.isEmpty {
            #expect(diagnostics.isEmpty, "the kill fell between lines: nothing to skip")
        } else {
            #expect(diagnostics.contains { $0.contains("truncated last line skipped") || $0.contains("killed.jsonl:\(lines.count)") })
        }
    }

    @Test("--fsync changes when the log reaches the disk, never what it holds")
    func fsyncWritesTheSameLog() throws {
        let cli = try CLI()
        let common = ["simulate", "--users", "1500", "--config", Repository.experiments, "--behavior", Repository.behavior]
        let synced = try cli.run(common + ["--events", "synced.jsonl", "--fsync"])
        let plain = try cli.run(common + ["--events", "plain.jsonl"])
        #expect(synced.status == 0, "\(synced.standardError)")
        #expect(plain.status == 0, "\(plain.standardError)")
        let log = try #require(cli.contents(of: "synced.jsonl"))
        #expect(!log.isEmpty)
        #expect(log == cli.contents(of: "plain.jsonl"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("synced.jsonl.partial")))

        let walk = try cli.run(["run", "--variant", "phone", "--events", "walk.jsonl", "--fsync"], input: "q\n")
        #expect(walk.status == 0, "\(walk.standardError)")
        #expect(jsonLines(cli.contents(of: "walk.jsonl") ?? "")?.last?["type"] as? String == "flow_abandoned")
    }
}
