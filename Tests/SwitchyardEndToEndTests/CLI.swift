import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `switchyard` executable, as a user would from a shell.
struct CLI {
    /// What a run printed and how it exited.
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// A fresh, empty working directory for one test.
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the working directory.
    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// The text of `name` inside the working directory, or nil if it does not exist.
    func contents(of name: String) -> String? {
        try? String(contentsOfFile: path(name), encoding: .utf8)
    }

    /// Runs `switchyard arguments...` in the working directory with `input` on standard input.
    func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Result {
        try launch(Self.executable, arguments: arguments, input: input, environment: environment)
    }

    /// Runs the built executable `product` (such as `planted-host`) with `arguments` in the working directory.
    func run(product: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try launch(Self.executable.deletingLastPathComponent().appendingPathComponent(product), arguments: arguments, input: "",
                   environment: environment)
    }

    /// Runs `switchyard arguments...` from `/bin/sh`, after the shell commands `setup` and with the shell
    /// redirections `redirection` (e.g. `> /dev/full`): for limits and file descriptors a test sets up around a run.
    func run(_ arguments: [String], shellSetup setup: String, redirection: String = "") throws -> Result {
        let script = "\(setup)\nexec \"$SWITCHYARD\" \"$@\" \(redirection)"
        return try launch(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script, "sh"] + arguments, input: "",
            environment: ["SWITCHYARD": Self.executable.path]
        )
    }

    /// Runs the bash script `script` in the working directory, `$SWITCHYARD` naming the executable: for inputs only
    /// bash makes, such as a process substitution (`<(cat file)`).
    func runBash(_ script: String) throws -> Result {
        try launch(
            URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", script], input: "", environment: ["SWITCHYARD": Self.executable.path]
        )
    }

    /// Runs `switchyard arguments...` as the unprivileged user `nobody` (through setpriv(1)) when the tests run as
    /// root, who reads files whatever their permissions say, and as the tests' own user otherwise; nil when the
    /// tests run as root and setpriv(1) is not installed.
    ///
    /// The executable run is a copy in the working directory, which `nobody` can reach wherever the package was built
    /// (a checkout inside a folder only root may enter, such as one `mktemp -d` made).
    func runWithoutPrivileges(_ arguments: [String]) throws -> Result? {
        guard SystemFacts.runsAsRoot else { return try run(arguments) }
        let setpriv = "/usr/bin/setpriv"
        guard FileManager.default.isExecutableFile(atPath: setpriv) else { return nil }
        let copy = path(".unprivileged/\(Self.executable.lastPathComponent)")
        if !FileManager.default.fileExists(atPath: copy) {
            try FileManager.default.createDirectory(atPath: path(".unprivileged"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.executable.path, toPath: copy)
        }
        return try launch(
            URL(fileURLWithPath: setpriv), arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", copy] + arguments,
            input: "", environment: [:]
        )
    }

    /// Shell commands that make every write past the first `blocks` 512-byte (or, in some shells, 1024-byte)
    /// blocks of a file fail with "File too large", as writes fail on a full disk.
    static func fileSizeLimit(blocks: Int) -> String {
        "trap '' XFSZ; ulimit -f \(blocks)"
    }

    private func launch(_ executable: URL, arguments: [String], input: String, environment: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: error, as: UTF8.self)
        )
    }

    /// Starts `switchyard arguments...` in the working directory, kills it with SIGKILL once
    /// `file` holds at least `bytes` bytes (or after 10 s), and returns the size last seen.
    func killWhileWriting(_ arguments: [String], file: String, bytes: Int) throws -> (process: Process, size: Int) {
        let process = Process()
        process.executableURL = Self.executable
        process.currentDirectoryURL = directory
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var size = 0
        for _ in 0..<200 where size < bytes {
            Thread.sleep(forTimeInterval: 0.05)
            size = (try? FileManager.default.attributesOfItem(atPath: path(file))[.size] as? Int) ?? 0
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return (process, size)
    }

    /// The executable next to the test bundle, in the build's products folder.
    static let executable: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: folder.appendingPathComponent("switchyard").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("switchyard")
    }()
}

/// Parses every line of a JSON Lines text; nil if any line is not a JSON object.
func jsonLines(_ text: String) -> [[String: Any]]? {
    var objects: [[String: Any]] = []
    for line in text.split(separator: "\n") {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        objects.append(object)
    }
    return objects
}

/// Scripted answers for the onboarding screens.
enum Answers {
    static let getStarted = "1\n"
    static let signup = "1\nada@example.com\nsecret123\n"
    static let profile = "1\nAda\nmusic,travel\n"
    static let beforeProfile = getStarted + signup + profile
    static let afterProfile = getStarted + profile + signup
}

/// A `run --variant phone` walk left waiting for an answer on the signup screen, for tests that end it
/// with a signal: the signal then lands in a blocked read.
struct WaitingWalk {
    let process: Process
    let input: Pipe
    let output: Pipe
    /// What the walk printed up to the signup screen.
    let printed: Data
}

extension CLI {
    /// Starts `run --variant phone`, answers welcome, and returns once signup asks for an answer.
    func startWalkWaitingOnSignup() throws -> WaitingWalk {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["run", "--variant", "phone"]
        process.currentDirectoryURL = directory
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("1\n".utf8))
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("[signup]") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed.append(chunk)
        }
        Thread.sleep(forTimeInterval: 0.2)
        return WaitingWalk(process: process, input: input, output: output, printed: printed)
    }
}
