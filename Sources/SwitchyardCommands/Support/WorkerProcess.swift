#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One run of an exploration worker: this executable started again with the command's arguments, in the command's
/// process group, handed what it needs and heard from through pipes (`WorkerPipes`), and waited for.
///
/// The worker shares the command's standard input; its standard output goes nowhere (it writes no output of its
/// own: its result comes back to the command, which writes every output itself), its standard error to the command,
/// which reads it once the worker ends. While it runs, signals that stop the command are passed on to it
/// (`WorkerSignals`), and it ends as soon as the command is gone (`SupervisorLink`).
struct WorkerProcess {
    /// How a worker ended.
    enum Ending: Equatable {
        /// It exited with a status.
        case exited(Int32)
        /// A signal killed it.
        case killed(by: Int32)
    }

    /// The worker's descriptor of the handover.
    static let handoverDescriptor: Int32 = 3
    /// The worker's descriptor of its result.
    static let resultDescriptor: Int32 = 4
    /// In a worker's environment, set to 1.
    static let workerVariable = "SWITCHYARD_EXPLORATION_WORKER"

    /// How it ended.
    var ending: Ending
    /// What it wrote to its result descriptor.
    var result: [UInt8]
    /// What it wrote to standard error.
    var errors: String

    /// Runs a worker handed `handover` and waits for it to end. A signal that stops the command while the worker
    /// runs ends the worker, then the command (this call does not return).
    ///
    /// - Throws: `CommandError` when the worker cannot be started.
    static func run(handover: [UInt8]) throws(CommandError) -> WorkerProcess {
        var pipes = try WorkerPipes(handoverTarget: handoverDescriptor, resultTarget: resultDescriptor)
        let link = try SupervisorLink.Supervisor()
        defer { link.workerEnded() }
        var environment = ProcessInfo.processInfo.environment
        environment[workerVariable] = "1"
        environment.merge(link.environment) { _, linked in linked }
        let executable = executablePath
        let catching = WorkerSignals.catchForWorker()
        let (pid, failure) = SystemCalls.spawn(
            executable, arguments: CommandLine.arguments, environment: environment.map { "\($0.key)=\($0.value)" },
            descriptors: pipes.workerEnds + link.descriptors, defaultSignals: WorkerSignals.forwarded
        )
        pipes.workerStarted()
        link.workerStarted()
        guard failure == 0 else {
            WorkerSignals.release(catching)
            throw CommandError("cannot start a process to explore the flows in (\(executable)): \(String(cString: strerror(failure)))")
        }
        WorkerSignals.forward(to: pid)
        let (result, errors) = pipes.exchange(handover: handover)
        var status: Int32 = 0
        var waited = waitpid(pid, &status, 0)
        while waited < 0, errno == EINTR {
            waited = waitpid(pid, &status, 0)
        }
        let lost = waited < 0 ? errno : 0
        WorkerSignals.release(catching)
        guard lost == 0 else {
            throw CommandError("lost the process exploring the flows (\(pid)): \(String(cString: strerror(lost)))")
        }
        return WorkerProcess(
            ending: status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .killed(by: status & 0x7f),
            result: result, errors: String(decoding: errors, as: UTF8.self)
        )
    }

    /// This executable.
    private static var executablePath: String {
        #if os(Linux)
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}
