import ArgumentParser
import FlowMapping
import Foundation

/// Runs a command that explores flows (`map`, `validate`) in a worker process it watches, so that a
/// coordinator that traps or loops forever costs the map of its combination, not the whole command.
///
/// The worker is this executable run again with the same arguments and `workerVariable` set; it installs
/// `ExplorationWatch`, which writes the combination and the path being replayed when a coordinator traps
/// or stalls. The supervisor then runs a fresh worker that maps that combination as failed (the skips are
/// handed over in `skipsVariable`), until a worker finishes; it relays the last worker's output and status.
enum ExplorationSupervisor {
    /// Set in a worker's environment.
    static let workerVariable = "SWITCHYARD_EXPLORATION_WORKER"
    /// The combinations a worker maps as failed, one `ExplorationSkip.encoded` per line.
    static let skipsVariable = "SWITCHYARD_EXPLORATION_SKIPS"
    /// How long an exploration may make no progress before the worker gives up on it, in seconds (default 10).
    static let stallVariable = "SWITCHYARD_EXPLORATION_STALL_SECONDS"
    /// The stall times `stallVariable` may give: from the watchdog's quarter-second look to a day.
    static let stallSecondsRange = 0.25...86_400.0

    /// In a worker: installs the watch and returns the skips to map as failed. Elsewhere: runs the command in
    /// workers until one finishes, relays its output, and ends the process with its status.
    ///
    /// - Throws: `CommandError` for a `stallVariable` that is not a number of seconds in `stallSecondsRange`,
    ///   before any worker starts.
    static func superviseOrJoin() throws -> [ExplorationSkip] {
        let environment = ProcessInfo.processInfo.environment
        let stallSeconds = try EnvironmentSetting.seconds(stallVariable, in: environment, default: 10, range: stallSecondsRange)
        if environment[workerVariable] == "1" {
            ExplorationWatch.install(stallSeconds: stallSeconds)
            return ExplorationSkip.decode(environment[skipsVariable] ?? "")
        }
        throw ExitCode(try supervise(environment: environment))
    }

    private static func supervise(environment: [String: String]) throws -> Int32 {
        var skips: [ExplorationSkip] = []
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("stdout")
        let errors = folder.appendingPathComponent("stderr")
        while true {
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executablePath)
            process.arguments = Array(CommandLine.arguments.dropFirst())
            var workerEnvironment = environment
            workerEnvironment[workerVariable] = "1"
            workerEnvironment[skipsVariable] = skips.map(\.encoded).joined(separator: "\n")
            process.environment = workerEnvironment
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = try FileHandle(forWritingTo: errors)
            do {
                try process.run()
            } catch {
                throw CommandError("cannot start a process to explore the flows in (\(executablePath)): \(error)")
            }
            process.waitUntilExit()
            let errorText = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            if process.terminationReason == .uncaughtSignal, [SIGINT, SIGTERM, SIGHUP, SIGKILL].contains(process.terminationStatus) {
                // Stopped from outside, not by a coordinator: stop too.
                StandardIO.writeError(errorText)
                return 128 + process.terminationStatus
            }
            let died = process.terminationReason == .uncaughtSignal || process.terminationStatus == ExplorationWatch.stallExitStatus
            guard died else {
                try StandardIO.writeResult((try? String(contentsOf: output, encoding: .utf8)) ?? "")
                StandardIO.writeError(errorText)
                return process.terminationStatus
            }
            let lines = errorText.split(separator: "\n")
            let message = lines.last { $0.contains("Fatal error") }.map { line in
                String(line.range(of: "Fatal error: ").map { line[$0.upperBound...] } ?? line)
            }
            guard let skip = lines.reversed().lazy.compactMap({ ExplorationSkip(watchLine: $0, message: message) }).first,
                  !skips.contains(where: { $0.app == skip.app && $0.combination == skip.combination })
            else {
                StandardIO.writeError(errorText)
                throw CommandError(
                    "the process exploring the flows "
                        + (process.terminationReason == .uncaughtSignal ? "died of signal \(process.terminationStatus)" : "stalled")
                        + " outside any exploration it could name; run it again with \(workerVariable)=1 to see where"
                )
            }
            skips.append(skip)
        }
    }

    /// This executable.
    private static var executablePath: String {
        #if os(Linux)
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}
