import Foundation
import Testing

/// `report --out`, `compare --out` and `demo` write whole files: complete, or not at all.
@Suite("Report files are complete or absent", .serialized)
struct ReportFileOutputTests {
    /// A working directory holding a small simulated log, `log.jsonl`.
    private func cliWithLog() throws -> CLI {
        let cli = try CLI()
        let result = try cli.run(Repository.simulate(users: 60, events: "log.jsonl"))
        #expect(result.status == 0, "\(result.standardError)")
        return cli
    }

    private func report(_ cli: CLI, out: String, format: String = "html") throws -> CLI.Result {
        try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", format, "--out", out])
    }

    /// The names in the working directory, to check nothing was left behind.
    private func files(in cli: CLI) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: cli.directory.path))
    }

    @Test("a write failing mid-report (disk full) is one error line, exit 1, and the earlier report stays as it was")
    func failureKeepsEarlierReport() throws {
        let cli = try cliWithLog()
        try "an earlier, complete report\n".write(toFile: cli.path("report.html"), atomically: true, encoding: .utf8)
        let before = try files(in: cli)
        let result = try cli.run(
            ["report", "log.jsonl", "--config", Repository.experiments, "--format", "html", "--out", "report.html"],
            shellSetup: CLI.fileSizeLimit(blocks: 2)
        )
        #expect(result.status == 1)
        #expect(result.standardError == "Error: cannot write the report to report.html: write failed: File too large\n")
        #expect(cli.contents(of: "report.html") == "an earlier, complete report\n")
        #expect(try files(in: cli) == before, "no partial file is left behind")
    }

    @Test("a report written through a symbolic link replaces the linked file and keeps the link")
    func symbolicLink() throws {
        let cli = try cliWithLog()
        try "old\n".write(toFile: cli.path("target.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: cli.path("link.md"), withDestinationPath: "target.md")
        let result = try report(cli, out: "link.md", format: "markdown")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: cli.path("link.md")) == "target.md")
        #expect(try #require(cli.contents(of: "target.md")).hasPrefix("# Switchyard report"))
    }

    @Test("--out naming a directory, a file in a missing directory, or nothing at all is one clear error line and exit 1")
    func unusablePaths() throws {
        let cli = try cliWithLog()
        try FileManager.default.createDirectory(atPath: cli.path("folder"), withIntermediateDirectories: false)
        let before = try files(in: cli)
        let directory = try report(cli, out: "folder")
        #expect(directory.status == 1)
        #expect(directory.standardError == "Error: cannot write the report to folder: is a directory, expected a file path\n")
        let missing = try report(cli, out: "missing/report.html")
        #expect(missing.status == 1)
        #expect(missing.standardError == "Error: cannot write the report to missing/report.html: No such file or directory\n")
        let empty = try report(cli, out: "")
        #expect(empty.status == 1)
        #expect(empty.standardError == "Error: cannot write the report: --out is empty, expected a file path\n")
        let compare = try cli.run(["compare", "log.jsonl", "log.jsonl", "--out", "folder"])
        #expect(compare.status == 1)
        #expect(compare.standardError == "Error: cannot write the report to folder: is a directory, expected a file path\n")
        #expect(try files(in: cli) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("folder")).isEmpty)
    }

    @Test("--out naming one of the logs being read is refused, however it is spelled, and the log is kept")
    func outIsAnInput() throws {
        let cli = try cliWithLog()
        let log = try #require(cli.contents(of: "log.jsonl"))
        try FileManager.default.createSymbolicLink(atPath: cli.path("alias.jsonl"), withDestinationPath: "log.jsonl")
        for out in ["log.jsonl", "./log.jsonl", cli.path("log.jsonl"), "alias.jsonl"] {
            let result = try report(cli, out: out)
            #expect(result.status == 1)
            #expect(result.standardError == "Error: cannot write the report to \(out): it is the event log log.jsonl, which it would replace\n")
        }
        let compare = try cli.run(["compare", "log.jsonl", "alias.jsonl", "--out", "log.jsonl"])
        #expect(compare.standardError == "Error: cannot write the report to log.jsonl: it is the event log log.jsonl, which it would replace\n")
        #expect(cli.contents(of: "log.jsonl") == log)
    }

    @Test("--out /dev/full writes into the device, never replacing it: one error line, exit 1", .enabled(if: SystemFacts.hasDevFull))
    func devFull() throws {
        let cli = try cliWithLog()
        for command in [["report", "log.jsonl"], ["compare", "log.jsonl", "log.jsonl"]] {
            let result = try cli.run(command + ["--config", Repository.experiments, "--out", "/dev/full"])
            #expect(result.status == 1)
            #expect(result.standardError == "Error: cannot write the report to /dev/full: write failed: No space left on device\n")
            #expect(SystemFacts.isCharacterDevice("/dev/full"), "the device is still a device")
        }
    }

    @Test("--out /dev/null is written like any device, and the run succeeds")
    func devNull() throws {
        let cli = try cliWithLog()
        let result = try report(cli, out: "/dev/null")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(SystemFacts.isCharacterDevice("/dev/null"))
    }

    @Test("a report to standard output on a full disk is one error line and exit 1, not silently lost", .enabled(if: SystemFacts.hasDevFull))
    func standardOutputFull() throws {
        let cli = try cliWithLog()
        let result = try cli.run(["report", "log.jsonl", "--config", Repository.experiments], shellSetup: "", redirection: "> /dev/full")
        #expect(result.status == 1)
        #expect(result.standardError == "Error: cannot write to standard output: No space left on device\n")
    }

    @Test("demo's HTML report goes through the same checks: a directory in its place is one error line")
    func demoReport() throws {
        let cli = try CLI()
        try FileManager.default.createDirectory(atPath: cli.path("out/onboarding/report.html"), withIntermediateDirectories: true)
        let result = try cli.run([
            "demo", "--users", "50", "--directory", "out", "--config", Repository.experiments, "--behavior", Repository.behavior,
        ])
        #expect(result.status == 1)
        #expect(result.standardError == "Error: cannot write out/onboarding/report.html: is a directory, expected a file path\n")
    }
}
