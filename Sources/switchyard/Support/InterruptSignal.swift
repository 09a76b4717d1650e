#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Turns Ctrl-C during `run` into the end of the user's input, so the walk ends as an
/// abandonment that is logged, instead of the process dying with the session unfinished.
enum InterruptSignal {
    private static let received = Atomic<Bool>(false)
    /// The thread walking the flow, which reads the user's answers.
    private static let walkingThread = Atomic<UInt>(0)

    /// Catches SIGINT from now on; call it on the thread that will read the user's answers.
    ///
    /// The signal may be delivered to any thread (the async main thread waits in `sigsuspend`
    /// and usually takes it), so the handler passes it on to the walking thread: with no
    /// `SA_RESTART`, the read that thread is blocked in fails with `EINTR`, and `StandardInputLines`
    /// ends the input there.
    static func catchInterrupts() {
        walkingThread.store(threadID(pthread_self()), ordering: .relaxed)
        // Worker threads start with most signals blocked; this one must take SIGINT.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in InterruptSignal.interruptReceived() }
        #else
        action.__sigaction_u.__sa_handler = { _ in InterruptSignal.interruptReceived() }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }

    /// Whether SIGINT has arrived since `catchInterrupts()`.
    static var wasReceived: Bool {
        received.load(ordering: .relaxed)
    }

    /// Runs inside the signal handler: only async-signal-safe calls.
    private static func interruptReceived() {
        received.store(true, ordering: .relaxed)
        let walker = walkingThread.load(ordering: .relaxed)
        if walker != 0, walker != threadID(pthread_self()) {
            pthread_kill(thread(walker), SIGINT)
        }
    }

    #if canImport(Glibc)
    private static func threadID(_ thread: pthread_t) -> UInt { thread }
    private static func thread(_ id: UInt) -> pthread_t { id }
    #else
    private static func threadID(_ thread: pthread_t) -> UInt { UInt(bitPattern: thread) }
    private static func thread(_ id: UInt) -> pthread_t { pthread_t(bitPattern: id)! }
    #endif
}
