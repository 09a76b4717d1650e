#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Removes the file a command writes aside (the log `simulate` and `demo` write, a report or map `OutputFile` writes)
/// when SIGINT, SIGTERM or SIGHUP ends the process, so that an interrupted command leaves nothing behind, as a failed
/// one does; the process then dies of the signal. One file at a time: commands write such files one after another.
enum PartialFileCleanup {
    /// The signals after which the file is removed.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// The address of a C copy of the path to remove, or 0: the handler can read it without allocating.
    private static let armedPath = Atomic<UInt>(0)

    /// Removes `path` if one of `signals` arrives before `disarm()`.
    static func arm(removing path: String) {
        guard let copy = SystemCalls.CStringCopy(path) else { return }
        // The copy armed before, if any, is freed as it is dropped.
        _ = SystemCalls.CStringCopy(reclaiming: armedPath.exchange(copy.releaseAddress(), ordering: .sequentiallyConsistent))
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { PartialFileCleanup.signalReceived($0) }
        #else
        action.__sigaction_u.__sa_handler = { PartialFileCleanup.signalReceived($0) }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for signal in signals { sigaction(signal, &action, nil) }
    }

    /// Stops removing the file: it was moved into place or removed already.
    static func disarm() {
        _ = SystemCalls.CStringCopy(reclaiming: armedPath.exchange(0, ordering: .sequentiallyConsistent))
    }

    /// Runs inside the signal handler: only async-signal-safe calls.
    private static func signalReceived(_ signal: Int32) {
        SystemCalls.CStringCopy.unlinkFile(named: armedPath.load(ordering: .sequentiallyConsistent))
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = SIG_DFL
        #else
        action.__sigaction_u.__sa_handler = SIG_DFL
        #endif
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        raise(signal)
    }
}
