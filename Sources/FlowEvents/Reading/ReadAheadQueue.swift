import Dispatch
import Synchronization

/// The chunks a reading thread has read and queued to workers, waiting for the consumer in file order.
///
/// Bounded: the reading thread waits while `capacity` chunks are waiting, so memory stays bounded whatever the
/// file's size and a slow consumer holds the reading back. The reading thread ends the queue with `finish()` or
/// `fail(_:)`; a consumer that stops early calls `cancel()`, which releases a waiting reader.
final class ReadAheadQueue: Sendable {
    /// A chunk read and queued for decoding, not yet handed to the consumer.
    struct Entry: Sendable {
        /// The index of the chunk's file among the files read.
        var fileIndex: Int
        var slot: ChunkResultSlot
    }

    private struct State {
        var entries: [Entry] = []
        var head = 0
        var isFinished = false
        var failure: (any Error)?
        var isCancelled = false
    }

    private let state = Mutex(State())
    /// One signal per entry or end pushed.
    private let pushed = DispatchSemaphore(value: 0)
    /// One signal per free place.
    private let places: DispatchSemaphore

    /// Creates an empty queue that holds at most `capacity` entries.
    init(capacity: Int) {
        // Signalled up from zero rather than created at `capacity`: Dispatch traps when a semaphore is released
        // below its initial value, as this one is when a read stops with places taken.
        places = DispatchSemaphore(value: 0)
        for _ in 0..<capacity { places.signal() }
    }

    /// Waits for a free place, then queues `entry`; returns false, queueing nothing, once the consumer
    /// has cancelled.
    func push(_ entry: Entry) -> Bool {
        places.wait()
        let isQueued = state.withLock { state in
            guard !state.isCancelled else { return false }
            state.entries.append(entry)
            return true
        }
        if isQueued { pushed.signal() }
        return isQueued
    }

    /// Ends the queue: the consumer gets nil once it has taken every entry.
    func finish() {
        state.withLock { $0.isFinished = true }
        pushed.signal()
    }

    /// Ends the queue with `error`, which the consumer gets once it has taken every entry.
    func fail(_ error: any Error) {
        state.withLock { state in
            state.isFinished = true
            state.failure = error
        }
        pushed.signal()
    }

    /// The oldest entry, waiting for one to be pushed; nil at the end.
    ///
    /// - Throws: the error the reading thread ended the queue with, after every entry before it.
    func next() throws -> Entry? {
        pushed.wait()
        let taken = state.withLock { state -> Result<Entry?, any Error> in
            if state.head < state.entries.count {
                let entry = state.entries[state.head]
                state.head += 1
                if state.head == state.entries.count || state.head >= 64 {
                    state.entries.removeFirst(state.head)
                    state.head = 0
                }
                return .success(entry)
            }
            if let failure = state.failure { return .failure(failure) }
            return .success(nil)
        }
        guard case .success(let entry?) = taken else {
            // The end stays signalled for any later call.
            pushed.signal()
            return try taken.get()
        }
        places.signal()
        return entry
    }

    /// The chunks queued after the one taken last, oldest first: what a consumer that would otherwise wait can
    /// decode ahead.
    func waitingSlots() -> [ChunkResultSlot] {
        state.withLock { state in state.entries[state.head...].map(\.slot) }
    }

    /// Stops the reading thread at its next push and returns the entries it queued and nobody took.
    func cancel() -> [Entry] {
        let left = state.withLock { state in
            state.isCancelled = true
            defer {
                state.entries.removeAll()
                state.head = 0
            }
            return Array(state.entries[state.head...])
        }
        // Frees a reader waiting for a place; its push then sees the cancellation.
        places.signal()
        return left
    }
}
