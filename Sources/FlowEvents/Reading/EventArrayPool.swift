import Synchronization

/// Emptied event arrays of one parallel read, kept with their capacity for the next chunks' events.
///
/// A chunk's events fill an array of several hundred kilobytes, which the allocator would map anew for
/// each chunk, the system zeroing every page of it: reusing a few arrays spares that for the whole read.
final class EventArrayPool: Sendable {
    private let free = Mutex<[[FlowEvent]]>([])
    /// Most arrays kept; more than the chunks in flight is waste.
    private let keptMost: Int

    /// Creates an empty pool keeping at most `keptMost` arrays.
    init(keptMost: Int) {
        self.keptMost = keptMost
    }

    /// An empty array, with the capacity of one given back when there is one.
    func take() -> [FlowEvent] {
        free.withLock { $0.popLast() } ?? []
    }

    /// Empties `events` and keeps it for reuse.
    func giveBack(_ events: consuming [FlowEvent]) {
        var events = events
        guard events.capacity > 0 else { return }
        events.removeAll(keepingCapacity: true)
        free.withLock { free in
            if free.count < keptMost { free.append(events) }
        }
    }
}
