import Synchronization

/// The chunk buffers of one parallel read, handed out again once their chunk is decoded.
///
/// A new buffer of a few megabytes for every chunk costs the system a page fault for every
/// 4 KiB of it (the allocator maps and unmaps buffers that large): on a large log that was a
/// fifth of the read's CPU time. The pipeline has a bounded number of chunks in flight, so a
/// bounded number of buffers, reused, serves the whole read.
final class ChunkBufferPool: Sendable {
    private let free = Mutex<[[UInt8]]>([])
    /// Bytes in each buffer.
    let capacity: Int
    /// Most buffers kept for reuse; more than the chunks the pipeline keeps in flight is waste.
    private let keptMost: Int

    /// Creates an empty pool of buffers of `capacity` bytes, keeping at most `keptMost` of them.
    init(capacity: Int, keptMost: Int) {
        self.capacity = capacity
        self.keptMost = keptMost
    }

    /// A buffer of `capacity` bytes, reused when one was given back.
    func take() -> [UInt8] {
        if let reused = free.withLock({ $0.popLast() }) { return reused }
        return [UInt8](repeating: 0, count: capacity)
    }

    /// Gives `buffer` back for reuse.
    func giveBack(_ buffer: consuming [UInt8]) {
        guard buffer.count == capacity else { return }
        let buffer = buffer
        free.withLock { free in
            if free.count < keptMost { free.append(buffer) }
        }
    }
}
