import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `simulate --events`: the log is complete, or the earlier one is left as it was.
@Suite("Simulation logs are complete or not there", .serialized)
struct SimulationLogDestinationTests {
    private func simulate(_ cli: CLI, users: Int, events: String, _ mode: [String] = [], shellSetup: String? = nil) throws -> CLI.Result {
        let arguments = Repository.simulate(users: users, events: events, mode)
        guard let shellSetup else { return try cli.run(arguments) }
        return try cli.run(arguments, shellSetup: shellSetup)
    }

    private func files(in cli: CLI) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: cli.directory.path))
    }

    @Test("a directory, or an empty path, is refused in every mode with one error line, before anything is simulated")
    func directory() throws {
        let cli = try CLI()
        try FileManager.default.createDirectory(atPath: cli.path("logs"), withIntermediateDirectories: false)
        for mode in [[], ["--append"], ["--replace"]] {
            let result = try simulate(cli, users: 5, events: "logs", mode)
            #expect(result.status == 1)
            #expect(result.standardError == "Error: cannot log events: logs: is a directory, expected an event log file\n")
        }
        #expect(try files(in: cli) == ["logs"])
        let empty = try simulate(cli, users: 5, events: "", ["--replace"])
        #expect(empty.status == 1)
        #expect(empty.standardError == "Error: cannot log events: the path is empty, expected an event log file\n")
        #expect(try files(in: cli) == ["logs"])
    }

    @Test("a device is refused in every mode, never renamed over: /dev/null, and /dev/full where it exists")
    func devices() throws {
        let cli = try CLI()
        let devices = ["/dev/null"] + (SystemFacts.hasDevFull ? ["/dev/full"] : [])
        for device in devices {
            for mode in [[], ["--append"], ["--replace"]] {
                let result = try simulate(cli, users: 5, events: device, mode)
                #expect(result.status == 1)
                #expect(result.standardError == "Error: cannot log events: \(device): not a regular file\n")
                #expect(SystemFacts.isCharacterDevice(device), "\(device) is still a device")
            }
        }
    }

    @Test("a disk filling up mid-run removes the partial log, keeps the earlier log as it was, and says so in one line")
    func fullDiskMidRun() throws {
        let cli = try CLI()
        #expect(try simulate(cli, users: 20, events: "log.jsonl").status == 0)
        let earlier = try #require(cli.contents(of: "log.jsonl"))
        let result = try simulate(cli, users: 3000, events: "log.jsonl", ["--replace"], shellSetup: CLI.fileSizeLimit(blocks: 64))
        #expect(result.status == 1)
        #expect(result.standardError == """
            Error: cannot write events to log.jsonl.partial: write failed: File too large; nothing was written to log.jsonl

            """)
        #expect(cli.contents(of: "log.jsonl") == earlier)
        #expect(try files(in: cli) == ["log.jsonl"], "no partial log is left behind")
    }

    @Test("a run killed mid-write leaves the earlier log as it was, the new one only as LOG.partial, which the next run clears")
    func killedMidRun() throws {
        let cli = try CLI()
        #expect(try simulate(cli, users: 20, events: "log.jsonl").status == 0)
        let earlier = try #require(cli.contents(of: "log.jsonl"))
        let (_, size) = try cli.killWhileWriting(
            Repository.simulate(users: 2_000_000, events: "log.jsonl", ["--replace"]),
            file: "log.jsonl.partial",
            bytes: 2_000_000
        )
        #expect(size > 0, "the run was killed while writing")
        #expect(cli.contents(of: "log.jsonl") == earlier)
        #expect(try files(in: cli) == ["log.jsonl", "log.jsonl.partial"])

        #expect(try simulate(cli, users: 20, events: "log.jsonl", ["--replace"]).status == 0)
        #expect(try files(in: cli) == ["log.jsonl"])
    }

    @Test("appending when the disk fills keeps every earlier event; report reads the log, skipping at most a cut last line")
    func fullDiskWhileAppending() throws {
        let cli = try CLI()
        #expect(try simulate(cli, users: 20, events: "log.jsonl").status == 0)
        let earlier = try #require(cli.contents(of: "log.jsonl"))
        let result = try simulate(cli, users: 3000, events: "log.jsonl", ["--append"], shellSetup: CLI.fileSizeLimit(blocks: 64))
        #expect(result.status == 1)
        #expect(result.standardError == "Error: cannot write events to log.jsonl: write failed: File too large\n")
        #expect(try #require(cli.contents(of: "log.jsonl")).hasPrefix(earlier))
        let report = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", "json"])
        #expect(report.status == 0, "\(report.standardError)")
    }

    @Test("--replace through a symbolic link replaces the log it names and keeps the link")
    func symbolicLink() throws {
        let cli = try CLI()
        #expect(try simulate(cli, users: 20, events: "target.jsonl").status == 0)
        try FileManager.default.createSymbolicLink(atPath: cli.path("link.jsonl"), withDestinationPath: "target.jsonl")
        let result = try simulate(cli, users: 30, events: "link.jsonl", ["--replace"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: cli.path("link.jsonl")) == "target.jsonl")
        let log = try #require(cli.contents(of: "target.jsonl"))
        let sessions = Set(try #require(jsonLines(log)).compactMap { $0["session"] as? String })
        #expect(sessions.count == 30)
        #expect(try files(in: cli) == ["target.jsonl", "link.jsonl"])
    }
}
