#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends an exploration worker the moment the command that started it is gone, however it went (SIGKILL
/// included), so that no worker outlives its command.
///
/// On Linux the worker asks the kernel for SIGKILL when its parent ends (`PR_SET_PDEATHSIG`), then checks that its
/// parent is still the command `supervisorVariable` names: a command that ended before the request was made has
/// left the worker to another parent. Darwin has no such signal: the command holds the write end of a pipe that
/// no one writes to and the worker the read end, which a thread of the worker's reads; the read ends when the
/// command is gone, and the worker with it.
enum SupervisorLink {
    /// In a worker's environment: the process id of the command that started it.
    static let supervisorVariable = "SWITCHYARD_EXPLORATION_SUPERVISOR"

    #if canImport(Darwin)
    /// The worker's descriptor of the pipe's read end.
    static let watchedDescriptor: Int32 = 5
    #endif

    /// The command's end of the link to one worker: made before the worker starts, told when it has started and
    /// when it has ended.
    struct Supervisor {
        /// What the worker's environment adds.
        let environment: [String: String]
        /// The descriptors the worker inherits: each `source` of the command's, as its `target`.
        let descriptors: [(source: Int32, target: Int32)]
        #if canImport(Darwin)
        private let readEnd: Int32
        private let writeEnd: Int32
        #endif

        /// Prepares the link for a worker about to start.
        ///
        /// - Throws: `CommandError` when the pipe cannot be made (Darwin).
        init() throws(CommandError) {
            environment = [supervisorVariable: String(getpid())]
            #if canImport(Darwin)
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                throw CommandError("cannot make a pipe to a process exploring the flows: \(String(cString: strerror(errno)))")
            }
            // Neither end reaches another program this process starts; the worker gets its end as a copy.
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            readEnd = ends[0]
            writeEnd = ends[1]
            descriptors = [(ends[0], watchedDescriptor)]
            #else
            descriptors = []
            #endif
        }

        /// Lets go of the worker's end, which the worker holds now (or never will).
        func workerStarted() {
            #if canImport(Darwin)
            close(readEnd)
            #endif
        }

        /// Lets go of the command's end, once the worker has ended.
        func workerEnded() {
            #if canImport(Darwin)
            close(writeEnd)
            #endif
        }
    }

    /// In a worker, before anything else: ties the process's life to the command's, and ends it at once when the
    /// command is gone already. Nothing in a process that no command started.
    static func bindToSupervisor(environment: [String: String]) {
        guard let text = environment[supervisorVariable], let supervisor = pid_t(text) else { return }
        #if os(Linux)
        _ = SystemCalls.setParentDeathSignal(SIGKILL)
        #elseif canImport(Darwin)
        var watcher: pthread_t?
        pthread_create(&watcher, nil, { _ in SupervisorLink.waitForSupervisorToGo() }, nil)
        #endif
        // Checked after the request: a command that ended before it was made has left this process to another parent.
        if getppid() != supervisor { _exit(1) }
    }

    #if canImport(Darwin)
    /// Reads the pipe only the command writes to, which it never does: the read ends when the command is gone.
    private static func waitForSupervisorToGo() -> Never {
        var byte: [UInt8] = [0]
        while true {
            let count = SystemCalls.read(fromFile: watchedDescriptor, into: &byte)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { _exit(1) }
        }
    }
    #endif
}
