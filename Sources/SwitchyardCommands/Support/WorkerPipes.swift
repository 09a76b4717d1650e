#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The three channels between a command and its exploration worker: the handover the command sends (a socket, so
/// that sending to a worker that died is an error, never SIGPIPE), and the result and standard error the worker
/// writes (pipes). Nothing goes through a file: a full disk, a file size limit (`ulimit -f`) or a temporary folder
/// that cannot be written does not touch them, and nothing of them is left when either process ends.
struct WorkerPipes: ~Copyable {
    /// The worker's ends, each with the descriptor it has in the worker; empty once the worker holds them.
    private(set) var workerEnds: [(source: Int32, target: Int32)]
    private let handover: Int32
    private let result: Int32
    private let errors: Int32

    /// Makes the channels; in the worker, the handover is `handoverTarget`, the result `resultTarget`, and standard
    /// error its standard error.
    ///
    /// - Throws: `CommandError` when the system has no descriptors left.
    init(handoverTarget: Int32, resultTarget: Int32) throws(CommandError) {
        var handoverEnds: [Int32] = [-1, -1]
        var resultEnds: [Int32] = [-1, -1]
        var errorEnds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Self.streamSocket, 0, &handoverEnds) == 0, pipe(&resultEnds) == 0, pipe(&errorEnds) == 0 else {
            let failure = CommandError("cannot make pipes to a process exploring the flows: \(String(cString: strerror(errno)))")
            for end in handoverEnds + resultEnds + errorEnds where end >= 0 { close(end) }
            throw failure
        }
        // No end reaches another program this process starts; the worker gets its ends as copies.
        for end in handoverEnds + resultEnds + errorEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(handoverEnds[0], F_SETFL, O_NONBLOCK)
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(handoverEnds[0], SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        handover = handoverEnds[0]
        result = resultEnds[0]
        errors = errorEnds[0]
        workerEnds = [(errorEnds[1], STDERR_FILENO), (handoverEnds[1], handoverTarget), (resultEnds[1], resultTarget)]
    }

    deinit {
        for end in [handover, result, errors] + workerEnds.map(\.source) { close(end) }
    }

    /// Lets go of the worker's ends, which the worker holds now (or never will): the command then sees the end of
    /// the result and of standard error when the worker ends.
    mutating func workerStarted() {
        for (source, _) in workerEnds { close(source) }
        workerEnds = []
    }

    /// Sends `handover` while reading what the worker writes, until the worker has closed its result and its
    /// standard error (it has ended): what each held. A worker that ends before taking all of the handover is not
    /// sent the rest.
    consuming func exchange(handover bytes: [UInt8]) -> (result: [UInt8], errors: [UInt8]) {
        var sent = 0
        var handoverOpen = true
        var received: [[UInt8]] = [[], []]
        var open = [true, true]
        let sources = [result, errors]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        if bytes.isEmpty {
            handoverOpen = false
            shutdown(handover, Int32(SHUT_WR))
        }
        while open.contains(true) {
            var watched = zip(sources, open).map { source, isOpen in pollfd(fd: isOpen ? source : -1, events: Int16(POLLIN), revents: 0) }
            watched.append(pollfd(fd: handoverOpen ? handover : -1, events: Int16(POLLOUT), revents: 0))
            if poll(&watched, nfds_t(watched.count), -1) < 0 { continue }
            if handoverOpen, watched[2].revents != 0 {
                let count = SystemCalls.send(bytes[sent...], toSocket: handover)
                if count > 0 { sent += count }
                if sent == bytes.count || (count < 0 && errno != EAGAIN && errno != EINTR) {
                    handoverOpen = false
                    shutdown(handover, Int32(SHUT_WR))
                }
            }
            for index in sources.indices where open[index] && watched[index].revents != 0 {
                let count = SystemCalls.read(fromFile: sources[index], into: &buffer)
                if count > 0 {
                    received[index] += buffer[..<count]
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    open[index] = false
                }
            }
        }
        return (received[0], received[1])
    }

    #if canImport(Glibc)
    private static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamSocket = SOCK_STREAM
    #endif
}
