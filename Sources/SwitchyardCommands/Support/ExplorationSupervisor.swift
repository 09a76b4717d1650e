import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Experiments
import FlowMapping
import Foundation

/// Runs the part of a command that explores flows (`map`, `validate`, the maps of `report --format html` and
/// `demo`) in a worker process it watches, so that a coordinator that traps or loops forever costs the map of its
/// combination, not the whole command; everything else, reading the inputs and writing every output, the command
/// does itself.
///
/// The worker is this executable run again with the same arguments (`WorkerProcess`), in the command's process
/// group, so that Ctrl-C reaches both; SIGINT, SIGTERM and SIGHUP sent to the command alone are passed on to it,
/// and it ends at once when the command is gone, even by SIGKILL (`SupervisorLink`). It is handed the bytes of
/// every file the command has read (`WorkerHandover`), runs the command up to its exploration on them, and
/// installs `ExplorationWatch`, which writes the combination and the path being replayed when a coordinator traps
/// or stalls. The command then runs a fresh worker that maps that combination as failed, until a worker finishes
/// and hands back what its exploration gave (`WorkerResult`).
enum ExplorationSupervisor {
    /// How long an exploration may make no progress before the worker gives up on it, in seconds (default 10).
    static let stallVariable = "SWITCHYARD_EXPLORATION_STALL_SECONDS"
    /// The stall times `stallVariable` may give: from the watchdog's quarter-second look to a day.
    static let stallSecondsRange = 0.25...86_400.0

    /// What `work` gives, run in a worker: `work` explores, mapping the combinations it is given as failed, and
    /// reads no file the command has not read before this call. In a worker, this call hands the value back and
    /// ends the process; in the command, it returns the value a worker handed back.
    ///
    /// - Throws: `CommandError` for a `stallVariable` that is not a number of seconds in `stallSecondsRange`, before
    ///   any worker starts; what `work` threw, in words; `ExitCode` when a worker was stopped from outside.
    static func explore<Value: Codable & Sendable>(_ work: ([ExplorationSkip]) async throws -> Value) async throws -> Value {
        let stallSeconds = try EnvironmentSetting.seconds(
            stallVariable, in: ProcessInfo.processInfo.environment, default: 10, range: stallSecondsRange
        )
        switch ExplorationWorker.role {
        case .worker(let skips):
            ExplorationWatch.install(stallSeconds: stallSeconds)
            let result: WorkerResult<Value>
            do {
                result = WorkerResult(value: try await work(skips))
            } catch {
                result = WorkerResult(failure: error)
            }
            ExplorationWorker.finish(handing: result.encoded)
        case .unsupervised:
            ExplorationWatch.install(stallSeconds: stallSeconds)
            return try await work([])
        case .command:
            return try supervise(Value.self)
        }
    }

    /// Runs workers until one hands back a value.
    private static func supervise<Value: Codable>(_: Value.Type) throws -> Value {
        var skips: [ExplorationSkip] = []
        while true {
            let worker = try WorkerProcess.run(handover: WorkerHandover(snapshots: FileSnapshots.current, skips: skips).encoded)
            switch worker.ending {
            case .killed(let signal) where [SIGINT, SIGTERM, SIGHUP, SIGKILL].contains(signal):
                // Stopped from outside, not by a coordinator: stop too.
                StandardIO.writeError(worker.errors)
                throw ExitCode(128 + signal)
            case .exited(0):
                guard let result = WorkerResult<Value>(decoding: worker.result), result.value != nil || result.failure != nil else {
                    StandardIO.writeError(worker.errors)
                    throw CommandError("the process exploring the flows ended without handing back what it found")
                }
                if let value = result.value { return value }
                throw CommandError(result.failure ?? "")
            case .exited(let status) where status != ExplorationWatch.stallExitStatus:
                StandardIO.writeError(worker.errors)
                throw ExitCode(status)
            case .exited, .killed:
                skips.append(try skip(describedIn: worker, after: skips))
            }
        }
    }

    /// The combination a worker that trapped or stalled names, not among `skips`.
    ///
    /// - Throws: `CommandError` when it names none: it died outside any exploration.
    private static func skip(describedIn worker: WorkerProcess, after skips: [ExplorationSkip]) throws -> ExplorationSkip {
        let lines = worker.errors.split(separator: "\n")
        let message = lines.last { $0.contains("Fatal error") }.map { line in
            String(line.range(of: "Fatal error: ").map { line[$0.upperBound...] } ?? line)
        }
        guard let skip = lines.reversed().lazy.compactMap({ ExplorationSkip(watchLine: $0, message: message) }).first,
              !skips.contains(where: { $0.app == skip.app && $0.combination == skip.combination })
        else {
            StandardIO.writeError(worker.errors)
            let how = if case .killed(let signal) = worker.ending { "died of signal \(signal)" } else { "stalled" }
            throw CommandError(
                "the process exploring the flows \(how) outside any exploration it could name; "
                    + "run it again with \(WorkerProcess.workerVariable)=1 to see where"
            )
        }
        return skip
    }
}
