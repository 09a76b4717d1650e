import Foundation

/// Runs a tool the build put beside the test bundle (VariantScaffold, VariantRegistryGenerator).
struct BuiltTool {
    /// How a run ended and what it printed.
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    let executable: URL

    /// The built executable named `name`, in the build's products folder.
    init(_ name: String) {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
            folder.deleteLastPathComponent()
        }
        executable = folder.appendingPathComponent(name)
    }

    /// Starts the tool with `arguments`, its output going to files under `scratch`.
    func start(_ arguments: [String], scratch: URL) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        try Data().write(to: scratch.appendingPathComponent("out"))
        try Data().write(to: scratch.appendingPathComponent("err"))
        process.standardOutput = try FileHandle(forWritingTo: scratch.appendingPathComponent("out"))
        process.standardError = try FileHandle(forWritingTo: scratch.appendingPathComponent("err"))
        try process.run()
        return process
    }

    /// Runs the tool to its end.
    func run(_ arguments: [String], scratch: URL) throws -> Result {
        let process = try start(arguments, scratch: scratch)
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            output: (try? String(contentsOf: scratch.appendingPathComponent("out"), encoding: .utf8)) ?? "",
            errors: (try? String(contentsOf: scratch.appendingPathComponent("err"), encoding: .utf8)) ?? ""
        )
    }
}
