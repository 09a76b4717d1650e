#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Experiments
import FlowMapping
import Synchronization

/// The worker's side of `ExplorationSupervisor`: a process started by `WorkerProcess` runs the command it was given
/// up to its exploration, on the bytes the command handed it, explores, hands the result back and ends; it opens
/// none of the command's inputs and writes none of its outputs.
enum ExplorationWorker {
    /// What this process is to explorations.
    enum Role: Sendable {
        /// The command a user ran: it explores in workers.
        case command
        /// A worker, to map `skips` as failed.
        case worker(skips: [ExplorationSkip])
        /// Run by hand with `SWITCHYARD_EXPLORATION_WORKER=1`: the command explores in its own process, watched, so
        /// that a coordinator that traps or stalls says where.
        case unsupervised
    }

    /// This process's role, from `begin(environment:)`.
    static var role: Role { storage.withLock { $0 } }
    private static let storage = Mutex(Role.command)

    /// Called first thing by the process: works out its role and, in a worker, ties its life to its command's
    /// (`SupervisorLink`) and takes its handover. Returns the snapshots every read of an input goes through: the
    /// handed-over bytes in a worker, else a fresh set that keeps each input as it is first read.
    static func begin(environment: [String: String]) -> FileSnapshots {
        guard environment[WorkerProcess.workerVariable] == "1" else { return FileSnapshots() }
        guard environment[SupervisorLink.supervisorVariable] != nil else {
            storage.withLock { $0 = .unsupervised }
            return FileSnapshots()
        }
        SupervisorLink.bindToSupervisor(environment: environment)
        let handover: WorkerHandover
        do {
            handover = try WorkerHandover(decoding: readHandover())
        } catch {
            StandardIO.writeError("Error: \(error)\n")
            exit(1)
        }
        storage.withLock { $0 = .worker(skips: handover.explorationSkips) }
        return handover.snapshots
    }

    /// Everything the command sends on the handover descriptor, which is then closed.
    private static func readHandover() throws(CommandError) -> [UInt8] {
        defer { close(WorkerProcess.handoverDescriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = SystemCalls.read(fromFile: WorkerProcess.handoverDescriptor, into: &buffer)
            if count == 0 { return bytes }
            if count > 0 {
                bytes += buffer[..<count]
            } else if errno != EINTR {
                throw CommandError("cannot read what the command handed over: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// In a worker: hands `result` back to the command and ends the process.
    static func finish(handing result: [UInt8]?) -> Never {
        guard let result else {
            StandardIO.writeError("Error: the exploration's result cannot be encoded\n")
            exit(1)
        }
        if let failure = SystemCalls.writeAll(result, toFile: WorkerProcess.resultDescriptor) {
            StandardIO.writeError("Error: cannot hand the exploration's result back: \(String(cString: strerror(failure)))\n")
            exit(1)
        }
        exit(0)
    }
}
