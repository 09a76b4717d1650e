import Foundation
import Testing

/// Every file a command reads (event logs, configs, behaviour models, scripted answers) can be a directory,
/// missing or unreadable: each gives one `Error:` line naming the path and what was wrong, exit status 1, and
/// nothing written.
@Suite("Unusable input files are one clear error line", .serialized)
struct UnusableInputFileTests {
    /// A path that cannot be used, and how the reader of each kind of file describes it: the event log reader, and
    /// the one bounded reader of every other file (configs, behaviour models, `--input`), whose directory message
    /// names what it expected.
    struct BadPath: CustomTestStringConvertible, Sendable {
        var path: String
        var eventLogReason: String
        var jsonFileReason: String
        var inputReason: String

        init(path: String, eventLogReason: String, fileReason: String) {
            self.path = path
            self.eventLogReason = eventLogReason
            jsonFileReason = fileReason
            inputReason = fileReason
        }

        init(path: String, eventLogReason: String, jsonFileReason: String, inputReason: String) {
            self.path = path
            self.eventLogReason = eventLogReason
            self.jsonFileReason = jsonFileReason
            self.inputReason = inputReason
        }

        var testDescription: String { path }
    }

    static let folder = BadPath(
        path: "folder", eventLogReason: "is a directory, not an event log file",
        jsonFileReason: "is a directory, expected a JSON file", inputReason: "is a directory, expected a text file of answers"
    )
    static let missing = BadPath(
        path: "missing.json", eventLogReason: "cannot open for reading: No such file or directory", fileReason: "no such file"
    )
    /// Unreadable even to root: reading a process's memory at offset 0 fails with EIO.
    static let processMemory = BadPath(
        path: "/proc/self/mem", eventLogReason: "read failed: Input/output error", fileReason: "cannot be read: Input/output error"
    )
    /// Unreadable by permissions; root reads it anyway, so it is only tried as another user.
    static let locked = BadPath(
        path: "locked.json", eventLogReason: "cannot open for reading: Permission denied", fileReason: "cannot be read: Permission denied"
    )

    static var badPaths: [BadPath] {
        var paths = [folder, missing]
        if FileManager.default.fileExists(atPath: processMemory.path) { paths.append(processMemory) }
        if !SystemFacts.runsAsRoot { paths.append(locked) }
        return paths
    }

    /// A working directory with a good log, scripted answers, a directory and a file no one may read.
    private func workingDirectory() throws -> CLI {
        let cli = try CLI()
        let simulated = try cli.run(Repository.simulate(users: 20, events: "log.jsonl"))
        #expect(simulated.status == 0, "\(simulated.standardError)")
        try Answers.beforeProfile.write(toFile: cli.path("answers.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: cli.path("folder"), withIntermediateDirectories: false)
        try "{}".write(toFile: cli.path("locked.json"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: cli.path("locked.json"))
        return cli
    }

    private func files(in cli: CLI) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: cli.directory.path))
    }

    /// Runs `arguments` and expects exactly `error` on standard error, exit status 1, and no new files.
    private func expectFailure(_ cli: CLI, _ arguments: [String], error: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try files(in: cli)
        let result = try cli.run(arguments, input: Answers.beforeProfile)
        #expect(result.status == 1, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.standardError == "Error: \(error)\n", "\(arguments)", sourceLocation: sourceLocation)
        #expect(try files(in: cli) == before, "\(arguments) wrote nothing", sourceLocation: sourceLocation)
    }

    @Test("report and compare: an event log that is a directory, missing or unreadable", arguments: badPaths)
    func eventLogs(bad: BadPath) throws {
        let cli = try workingDirectory()
        let error = "\(bad.path): \(bad.eventLogReason)"
        try expectFailure(cli, ["report", "log.jsonl", bad.path], error: error)
        try expectFailure(cli, ["report", bad.path, "--format", "html", "--out", "report.html"], error: error)
        try expectFailure(cli, ["compare", bad.path, "log.jsonl"], error: error)
        try expectFailure(cli, ["compare", "log.jsonl", bad.path, "--out", "report.csv"], error: error)
    }

    @Test("report and compare: a device as an event log is refused at once, never read forever; a pipe is read")
    func deviceAsEventLog() throws {
        let cli = try workingDirectory()
        try expectFailure(cli, ["report", "/dev/zero"], error: "/dev/zero: is a device, not an event log file")
        try expectFailure(cli, ["compare", "log.jsonl", "/dev/zero"], error: "/dev/zero: is a device, not an event log file")
        let piped = try cli.run(["report", "/dev/stdin", "--format", "json"], input: try #require(cli.contents(of: "log.jsonl")))
        #expect(piped.status == 0, "a pipe is read as a log: \(piped.standardError)")
    }

    @Test("--config that is a directory, missing or unreadable, for every command that reads one", arguments: badPaths)
    func configs(bad: BadPath) throws {
        let cli = try workingDirectory()
        let error = "\(bad.path): \(bad.jsonFileReason)"
        let commands = [
            ["report", "log.jsonl"], ["compare", "log.jsonl", "log.jsonl"],
            ["simulate", "--users", "5", "--behavior", Repository.behavior, "--events", "new.jsonl"],
            ["run", "--variant", "phone", "--events", "new.jsonl"], ["assign", "--user", "u"], ["validate"],
        ]
        for command in commands {
            try expectFailure(cli, command + ["--config", bad.path], error: error)
        }
    }

    @Test("--behavior that is a directory, missing or unreadable, for simulate and validate", arguments: badPaths)
    func behaviorModels(bad: BadPath) throws {
        let cli = try workingDirectory()
        let error = "\(bad.path): \(bad.jsonFileReason)"
        try expectFailure(
            cli, ["simulate", "--users", "5", "--config", Repository.experiments, "--behavior", bad.path, "--events", "new.jsonl"],
            error: error
        )
        try expectFailure(cli, ["validate", "--config", Repository.experiments, "--behavior", bad.path], error: error)
    }

    @Test("run --input that is a directory, missing or unreadable", arguments: badPaths)
    func scriptedAnswers(bad: BadPath) throws {
        let cli = try workingDirectory()
        try expectFailure(
            cli, ["run", "--variant", "phone", "--input", bad.path, "--events", "new.jsonl"],
            error: "--input \(bad.path): \(bad.inputReason)"
        )
    }

    @Test("run --input that is not UTF-8 text, or endless")
    func unusableAnswers() throws {
        let cli = try workingDirectory()
        try Data([0x31, 0x0A, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: cli.path("binary.txt")))
        try expectFailure(
            cli, ["run", "--variant", "phone", "--input", "binary.txt", "--events", "new.jsonl"],
            error: "--input binary.txt: not UTF-8 text, expected a text file of answers"
        )
        try expectFailure(
            cli, ["run", "--variant", "phone", "--input", "/dev/zero", "--events", "new.jsonl"],
            error: "--input /dev/zero: is a character device giving more than the 16 MiB limit; expected a text file of answers"
        )
    }

    @Test("run --events that is a directory, a device, or in a missing directory; the events already logged stay")
    func runEvents() throws {
        let cli = try workingDirectory()
        let log = try #require(cli.contents(of: "log.jsonl"))
        try expectFailure(cli, ["run", "--variant", "phone", "--events", "folder"], error: "cannot log events: folder: cannot open for appending: Is a directory")
        try expectFailure(
            cli, ["run", "--variant", "phone", "--events", "missing/events.jsonl"],
            error: "cannot log events: missing/events.jsonl: cannot open for appending: No such file or directory"
        )
        if SystemFacts.hasDevFull {
            try expectFailure(cli, ["run", "--variant", "phone", "--events", "/dev/full"], error: "cannot log events: /dev/full: not a regular file")
            #expect(SystemFacts.isCharacterDevice("/dev/full"))
        }
        #expect(cli.contents(of: "log.jsonl") == log)
    }
}

/// Permissions are checked by the kernel, which lets root read anything: these specs run the CLI as `nobody` when
/// the tests run as root.
@Suite("A file no one may read is refused as unreadable, never taken for absent")
struct UnreadableInputFileTests {
    @Test("a config, a behaviour model and an --input file with mode 000 are each one Error: line naming the file")
    func modeZeroFiles() throws {
        let cli = try CLI()
        for name in ["locked.json", "answers.txt"] {
            try "{}".write(toFile: cli.path(name), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: cli.path(name))
        }
        // A readable config beside them: the repository's own may lie in a folder only root may enter.
        try FileManager.default.copyItem(atPath: Repository.experiments, toPath: cli.path("experiments.json"))
        let runs: [(arguments: [String], error: String)] = [
            (["validate", "--config", "locked.json"], "locked.json: cannot be read: Permission denied"),
            (["validate", "--config", "experiments.json", "--behavior", "locked.json"], "locked.json: cannot be read: Permission denied"),
            (["assign", "--config", "locked.json", "--user", "u"], "locked.json: cannot be read: Permission denied"),
            (["run", "--config", "experiments.json", "--variant", "phone", "--input", "answers.txt", "--events", "/dev/null"],
             "--input answers.txt: cannot be read: Permission denied"),
        ]
        for (arguments, error) in runs {
            guard let result = try cli.runWithoutPrivileges(arguments) else {
                withKnownIssue("the tests run as root and setpriv(1), which would drop root's privileges, is not installed") {
                    Issue.record("not checked: \(arguments)")
                }
                return
            }
            #expect(result.status == 1, "\(arguments)")
            #expect(result.standardError == "Error: \(error)\n", "\(arguments)")
        }
    }
}
