import Synchronization

/// Event arrays of one parallel read, kept with their capacity for the next chunks' events.
///
/// A chunk's events fill an array of several hundred kilobytes, which the allocator would map anew for
/// each chunk, the system zeroing every page of it: reusing a few arrays spares that for the whole read.
/// An array is given back full and emptied by whoever takes it next, a decoding thread, so that releasing
/// the events' texts does not hold up the thread that consumes them.
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
        guard var events = free.withLock({ $0.popLast() }) else { return [] }
        events.removeAll(keepingCapacity: true)
        return events
    }

    /// Keeps `events`, consumed, for reuse.
    func giveBack(_ events: consuming [FlowEvent]) {
        let events = events
        guard events.capacity > 0 else { return }
        free.withLock { free in
            if free.count < keptMost { free.append(events) }
        }
    }
}
