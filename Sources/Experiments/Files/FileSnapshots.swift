import Foundation
import Synchronization

/// What each path gave the first time ``BoundedFile`` read it, kept so that a command opens each of its inputs
/// once: a FIFO, `/dev/stdin` or a process substitution (`<(cat cfg)`) gives its bytes to one reader only, and a
/// regular file read twice could change between the reads.
///
/// While a set of snapshots is ``current`` (a task-local value, so that each command, and each test, has its own),
/// every read of a path through ``BoundedFile/contents(atPath:expected:maximumSize:regularFileOnly:)`` after the
/// first gives the bytes, or the error, of the first. A read of a file that is also written (`regularFileOnly`,
/// a sticky bucket store) is never kept, nor is a file larger than ``BoundedFile/maximumSize``, which has one
/// reader. Snapshots made ``init(handedOver:)`` answer only the paths handed over: a process that was handed the
/// bytes of another's reads never opens those paths itself, and any other path it reads is an error.
package final class FileSnapshots: Sendable {
    /// What a read of a path gave.
    package enum Outcome: Sendable, Equatable {
        /// The file's bytes.
        case bytes(Data)
        /// Why it could not be read, as ``BoundedFileError/reason`` says it.
        case failure(String)
    }

    /// The snapshots of the running command, if it keeps any.
    @TaskLocal package static var current: FileSnapshots?

    private struct State {
        var outcomes: [String: Outcome] = [:]
        /// The paths in the order they were first read.
        var order: [String] = []
    }

    private let state: Mutex<State>
    /// Whether the snapshots were handed over, and so answer for every path.
    private let handedOver: Bool

    /// Snapshots that keep each path as it is first read.
    package init() {
        state = Mutex(State())
        handedOver = false
    }

    /// Snapshots that answer every read with what `outcomes` hold for its path, and refuse a path they do not hold.
    package init(handedOver outcomes: [(path: String, outcome: Outcome)]) {
        var kept = State()
        for (path, outcome) in outcomes where kept.outcomes.updateValue(outcome, forKey: path) == nil {
            kept.order.append(path)
        }
        state = Mutex(kept)
        handedOver = true
    }

    /// Every path read, in the order first read, with what it gave.
    package var outcomes: [(path: String, outcome: Outcome)] {
        state.withLock { state in state.order.compactMap { path in state.outcomes[path].map { (path, $0) } } }
    }

    /// What `path` gave when first read; nil when it was not read yet.
    ///
    /// - Throws: ``BoundedFileError`` for a path the snapshots were not handed.
    func outcome(of path: String) throws(BoundedFileError) -> Outcome? {
        let kept = state.withLock { $0.outcomes[path] }
        if kept == nil, handedOver {
            throw BoundedFileError(path: path, reason: "was not among the files handed over by the process that started this one")
        }
        return kept
    }

    /// Keeps what reading `path` gave, unless something was kept for it already.
    func keep(_ outcome: Outcome, of path: String) {
        state.withLock { state in
            if state.outcomes[path] == nil {
                state.outcomes[path] = outcome
                state.order.append(path)
            }
        }
    }
}
