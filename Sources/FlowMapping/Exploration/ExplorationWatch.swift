#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Reports a coordinator that traps (a `fatalError`, a failed precondition, a forced unwrap of nil) or
/// stalls (a loop that never returns) while an exploration drives it, naming the exploration and the path
/// it was replaying, so that a process supervising the explorer can map the rest.
///
/// Once `install(stallSeconds:)` has run, each exploration labelled with `begin(_:)` records, before every
/// replay, the path it replays. A trap's signal handler writes the record of the exploration on its thread
/// to standard error as one line, `switchyard-exploration<TAB>trap<TAB>signal<TAB>label<TAB>path`, and the
/// process dies of the signal as it would have; a watchdog thread that sees an exploration make no progress
/// for `stallSeconds` writes `switchyard-exploration<TAB>stall<TAB>seconds<TAB>label<TAB>path` and exits with
/// `stallExitStatus`. Without `install`, labelling and recording cost nothing.
package enum ExplorationWatch {
    /// The first field of the lines the watch writes.
    package static let linePrefix = String(describing: linePrefixText)
    private static let linePrefixText: StaticString = "switchyard-exploration"
    /// The exit status of a process the watchdog ended.
    package static let stallExitStatus: Int32 = 86

    /// One exploration under watch: its thread, how far it got, and its label and current path as bytes
    /// a signal handler can write without allocating.
    private final class Slot: @unchecked Sendable {
        // @unchecked: `record` is written only by the exploring thread that holds the slot (`busy`), and read
        // by that thread's signal handler, or by the watchdog once `progress` has not moved for seconds.
        let busy = Atomic<Bool>(false)
        let thread = Atomic<UInt>(0)
        let progress = Atomic<Int>(0)
        let labelLength = Atomic<Int>(0)
        let recordLength = Atomic<Int>(0)
        let record = SignalSafeOutput.SignalSafeBytes(capacity: ExplorationWatch.recordCapacity)
    }

    private static let recordCapacity = 4_096
    private static let slots: [Slot] = (0..<64).map { _ in Slot() }
    private static let installed = Atomic<Bool>(false)
    private static let stallMilliseconds = Atomic<Int>(10_000)

    /// The longest stall time the watch keeps: a day. Longer ones, and any that is not a finite number, are
    /// held to it, so that no value traps when it is converted to milliseconds.
    package static let maximumStallSeconds = 86_400.0

    /// Watches explorations from now on: traps are reported, and an exploration that makes no progress for
    /// `stallSeconds` (at most `maximumStallSeconds`) ends the process. Call it once, in a process whose
    /// explorations a supervisor watches.
    package static func install(stallSeconds: Double) {
        guard installed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        let seconds = stallSeconds.isNaN ? maximumStallSeconds : min(stallSeconds, maximumStallSeconds)
        stallMilliseconds.store(max(1, Int(max(seconds, 0) * 1000)), ordering: .relaxed)
        _ = slots.count
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { ExplorationWatch.trapped($0) }
        #else
        action.__sigaction_u.__sa_handler = { ExplorationWatch.trapped($0) }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
        for signal in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE] { sigaction(signal, &action, nil) }
        #if canImport(Glibc)
        var watchdog = pthread_t()
        #else
        var watchdog: pthread_t?
        #endif
        pthread_create(&watchdog, nil, { _ in ExplorationWatch.watch() }, nil)
    }

    /// Starts watching the exploration running on this thread, labelled `label`; nil when the watch is not
    /// installed (or every slot is taken).
    package static func begin(_ label: String) -> Int? {
        guard installed.load(ordering: .relaxed) else { return nil }
        for (index, slot) in slots.enumerated() where slot.busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            slot.thread.store(threadID(pthread_self()), ordering: .relaxed)
            let length = copy(label, into: slot, at: 0)
            slot.labelLength.store(length, ordering: .relaxed)
            slot.recordLength.store(length, ordering: .relaxed)
            slot.progress.wrappingAdd(1, ordering: .relaxed)
            return index
        }
        return nil
    }

    /// Records that the exploration of `slot` is about to replay `path`.
    package static func note(_ slot: Int?, path: [ExploredTurn]) {
        guard let slot else { return }
        let watched = slots[slot]
        let start = watched.labelLength.load(ordering: .relaxed)
        let text = "\t" + path.map(\.description).joined(separator: " > ")
        watched.recordLength.store(start + copy(text, into: watched, at: start), ordering: .relaxed)
        watched.progress.wrappingAdd(1, ordering: .relaxed)
    }

    /// Stops watching the exploration of `slot`.
    package static func end(_ slot: Int?) {
        guard let slot else { return }
        slots[slot].thread.store(0, ordering: .relaxed)
        slots[slot].busy.store(false, ordering: .releasing)
    }

    /// Copies `text` into the slot's record at `offset`, as much as fits; returns the bytes copied.
    private static func copy(_ text: String, into slot: Slot, at offset: Int) -> Int {
        var count = 0
        for byte in text.utf8 where offset + count < recordCapacity {
            slot.record[offset + count] = byte == UInt8(ascii: "\n") ? UInt8(ascii: " ") : byte
            count += 1
        }
        return count
    }

    /// The trap handler: writes the record of the exploration on this thread, then lets the signal kill the
    /// process (the handler was reset to the default by SA_RESETHAND). Only async-signal-safe calls.
    private static func trapped(_ signal: Int32) {
        let thread = threadID(pthread_self())
        for slot in slots where slot.busy.load(ordering: .relaxed) && slot.thread.load(ordering: .relaxed) == thread {
            writeLine(kind: "trap", detail: signal, slot: slot)
            break
        }
        raise(signal)
    }

    /// The watchdog: every quarter second, looks for an exploration whose progress has not moved for the stall time.
    private static func watch() -> Never {
        var seen = Array(repeating: (progress: -1, since: 0), count: slots.count)
        var elapsed = 0
        while true {
            usleep(250_000)
            elapsed += 250
            let limit = stallMilliseconds.load(ordering: .relaxed)
            for (index, slot) in slots.enumerated() {
                guard slot.busy.load(ordering: .acquiring) else {
                    seen[index] = (-1, elapsed)
                    continue
                }
                let progress = slot.progress.load(ordering: .relaxed)
                if progress != seen[index].progress {
                    seen[index] = (progress, elapsed)
                } else if elapsed - seen[index].since >= limit {
                    writeLine(kind: "stall", detail: Int32(limit / 1000), slot: slot)
                    _exit(stallExitStatus)
                }
            }
        }
    }

    /// Writes `prefix<TAB>kind<TAB>detail<TAB>record<NEWLINE>` to standard error with `write(2)` only.
    private static func writeLine(kind: StaticString, detail: Int32, slot: Slot) {
        let tab = UInt8(ascii: "\t")
        SignalSafeOutput.write(linePrefixText, toFile: STDERR_FILENO)
        SignalSafeOutput.write(byte: tab, toFile: STDERR_FILENO)
        SignalSafeOutput.write(kind, toFile: STDERR_FILENO)
        SignalSafeOutput.write(byte: tab, toFile: STDERR_FILENO)
        SignalSafeOutput.write(decimal: max(0, Int(detail)), toFile: STDERR_FILENO)
        SignalSafeOutput.write(byte: tab, toFile: STDERR_FILENO)
        slot.record.write(first: slot.recordLength.load(ordering: .relaxed), toFile: STDERR_FILENO)
        SignalSafeOutput.write(byte: UInt8(ascii: "\n"), toFile: STDERR_FILENO)
    }

    #if canImport(Glibc)
    private static func threadID(_ thread: pthread_t) -> UInt { thread }
    #else
    private static func threadID(_ thread: pthread_t) -> UInt { UInt(bitPattern: thread) }
    #endif
}
