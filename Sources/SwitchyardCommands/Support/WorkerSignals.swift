#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Passes SIGINT, SIGTERM and SIGHUP that reach a command on to the worker it waits for, so that stopping the
/// command stops its worker: Ctrl-C reaches both through their process group, `kill PID` only the command.
///
/// While a worker runs, the command catches the signals (those it does not ignore: `nohup`'s SIGHUP, a script's
/// background job's SIGINT stay ignored) and sends each to the worker; once the worker has ended, the command
/// puts back what it did before and, if a signal came, dies of it, writing nothing more.
enum WorkerSignals {
    /// The signals passed on.
    static let forwarded: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// The worker's process id while it runs, else 0.
    private static let worker = Atomic<Int32>(0)
    /// The first signal that came while a worker ran, or 0.
    private static let received = Atomic<Int32>(0)

    /// What each signal caught did before, to put back.
    struct Catching: ~Copyable {
        fileprivate var previous: [(signal: Int32, action: sigaction)]
    }

    /// Catches the signals of `forwarded` that the process does not ignore, for a worker about to start.
    static func catchForWorker() -> Catching {
        received.store(0, ordering: .sequentiallyConsistent)
        var previous: [(signal: Int32, action: sigaction)] = []
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { WorkerSignals.signalReceived($0) }
        #else
        action.__sigaction_u.__sa_handler = { WorkerSignals.signalReceived($0) }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for signal in forwarded {
            var old = sigaction()
            sigaction(signal, nil, &old)
            guard !isIgnored(old) else { continue }
            sigaction(signal, &action, nil)
            previous.append((signal, old))
        }
        return Catching(previous: previous)
    }

    /// Sends the worker `pid` each signal that comes from now on, and one that came while it was starting.
    static func forward(to pid: pid_t) {
        worker.store(pid, ordering: .sequentiallyConsistent)
        let signal = received.load(ordering: .sequentiallyConsistent)
        if signal != 0 { kill(pid, signal) }
    }

    /// Once the worker has ended (or never started): puts back what the signals did before and, if one came
    /// meanwhile, ends the process by it, as it would have ended without a worker.
    static func release(_ catching: consuming Catching) {
        worker.store(0, ordering: .sequentiallyConsistent)
        for (signal, action) in catching.previous {
            var action = action
            sigaction(signal, &action, nil)
        }
        let signal = received.exchange(0, ordering: .sequentiallyConsistent)
        guard signal != 0 else { return }
        // Delivered to this thread as soon as it is unblocked here (command threads keep it blocked).
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, signal)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        raise(signal)
        // A handler put back for the signal returned: end as a shell reports a death by that signal.
        _exit(128 + signal)
    }

    /// Runs inside the signal handler: only async-signal-safe calls.
    private static func signalReceived(_ signal: Int32) {
        _ = received.compareExchange(expected: 0, desired: signal, ordering: .sequentiallyConsistent)
        let pid = worker.load(ordering: .sequentiallyConsistent)
        if pid > 0 { kill(pid, signal) }
    }

    /// Whether `action` ignores its signal (`SIG_IGN`, the handler at address 1).
    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        let handler = action.__sigaction_handler.sa_handler
        #else
        let handler = action.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == 1
    }
}
