#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Turns Ctrl-C, SIGTERM and SIGHUP (a closed terminal) during `run` into the end of the user's input, so the
/// walk ends as an abandonment that is logged, instead of the process dying with the session unfinished.
enum InterruptSignal {
    /// The signals that end a walk.
    static let caught: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// The signal received, or 0.
    private static let received = Atomic<Int32>(0)
    /// The thread walking the flow, which reads the user's answers.
    private static let walkingThread = Atomic<UInt>(0)

    /// Catches the signals of `caught` from now on; call it on the thread that will read the user's answers.
    ///
    /// A signal may be delivered to any thread (the async main thread waits in `sigsuspend`
    /// and usually takes it), so the handler passes it on to the walking thread: with no
    /// `SA_RESTART`, the read that thread is blocked in fails with `EINTR`, and `StandardInputLines`
    /// ends the input there.
    static func catchInterrupts() {
        walkingThread.store(threadID(pthread_self()), ordering: .relaxed)
        // Worker threads start with most signals blocked; this one must take them.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in caught { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { InterruptSignal.signalReceived($0) }
        #else
        action.__sigaction_u.__sa_handler = { InterruptSignal.signalReceived($0) }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for signal in caught { sigaction(signal, &action, nil) }
    }

    /// Whether one of the caught signals has arrived since `catchInterrupts()`.
    static var wasReceived: Bool {
        received.load(ordering: .relaxed) != 0
    }

    /// The first caught signal that arrived, if any.
    static var receivedSignal: Int32? {
        let signal = received.load(ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    /// Runs inside the signal handler: only async-signal-safe calls.
    private static func signalReceived(_ signal: Int32) {
        _ = received.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
        let walker = walkingThread.load(ordering: .relaxed)
        if walker != 0, walker != threadID(pthread_self()) {
            pthread_kill(thread(walker), signal)
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
