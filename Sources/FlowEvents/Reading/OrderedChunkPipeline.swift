import Dispatch

/// Reads files in chunks of whole lines on a reading thread, decodes the chunks on worker threads, and hands
/// the decoded batches to the calling thread in file order.
///
/// Chunk `n` goes to worker `n % workers`: chunks are about the same size, so round robin keeps every worker
/// busy without a shared job queue. The consumer takes chunks in the order they were read, through one
/// `ChunkResultSlot` each, decoding a chunk itself when no worker has started on it, and decoding a later one
/// rather than wait while a worker finishes the one it needs; at most `window` chunks are read ahead, which
/// bounds memory. Reading has a thread of its own so that copying the file's bytes never holds up the consumer,
/// which also counts what it is handed.
///
/// With no workers the calling thread reads and decodes every chunk itself, in file order, with one decoder and
/// no other thread: the same work whatever the machine's timing, which an instruction count needs (the decoders'
/// caches make a chunk's cost depend on which decoder saw the chunks before it, and a thread waiting on another
/// spins for as long as the other takes).
struct OrderedChunkPipeline {
    private let workerQueues: [DispatchQueue]
    /// Each worker's decoder, used only on that worker's queue.
    private let workerDecoders: [ChunkDecoder]
    /// The decoder of the calling thread, for chunks it reaches before their worker does.
    private let consumerDecoder: ChunkDecoder
    private let pool: ChunkBufferPool
    private let eventArrays: EventArrayPool
    private let window: Int

    /// Creates a pipeline with `workers` decoding threads (0: the consumer decodes alone) that keep only the events `filter`
    /// accepts, or every event when it is nil; with a filter, events of the `dropped` types are
    /// left out unread. Events carry the texts `fields` selects; with `hashesUsers`, batches carry their
    /// users' hashes; with `identifiesLeftOut`, the identities of the events left out.
    init(
        workers: Int, chunkSize: Int, filter: (@Sendable (FlowEvent) -> Bool)?, dropping dropped: EventTypeMask = .none,
        fields: EventFieldSelection = .all, hashesUsers: Bool = false, identifiesLeftOut: Bool = false
    ) {
        workerQueues = (0..<workers).map { DispatchQueue(label: "FlowEventReader.worker\($0)") }
        let window = 2 * workers + 1
        eventArrays = EventArrayPool(keptMost: window + 2)
        workerDecoders = (0..<workers).map { [eventArrays] _ in
            ChunkDecoder(
                chunkSize: chunkSize, filter: filter, dropping: dropped, fields: fields, hashesUsers: hashesUsers,
                identifiesLeftOut: identifiesLeftOut, arrays: eventArrays
            )
        }
        consumerDecoder = ChunkDecoder(
            chunkSize: chunkSize, filter: filter, dropping: dropped, fields: fields, hashesUsers: hashesUsers,
            identifiesLeftOut: identifiesLeftOut, arrays: eventArrays
        )
        self.window = window
        // The chunks waiting, the one being read, the one being handed over and the one being decoded by the consumer.
        pool = ChunkBufferPool(capacity: max(chunkSize, 2), keptMost: window + 3)
    }

    /// Reads `paths` in order, handing batches, their users' hashes (empty unless the pipeline hashes users), the
    /// number of events filtered out of them and those events' identities (empty unless the pipeline identifies
    /// them) to `body` in file order, and returns the merged summary. Each batch is lent `inout`: it is the
    /// pipeline's alone, so a consumer may read its events in place.
    func run(paths: [String], _ body: (inout [FlowEvent], [Int], Int, [EventIdentity]) throws -> Void) throws -> ReadSummary {
        if workerQueues.isEmpty { return try runOnCallingThread(paths: paths, body) }
        let queue = ReadAheadQueue(capacity: window)
        let reading = DispatchGroup()
        DispatchQueue(label: "FlowEventReader.reader").async(group: reading) { [pool, workerQueues, workerDecoders] in
            Self.read(paths, into: queue, pool: pool, workerQueues: workerQueues, workerDecoders: workerDecoders)
        }
        var summary = ReadSummary()
        var fileSummary = ReadSummary()
        var consumedFileIndex = 0
        do {
            while let entry = try queue.next() {
                if entry.fileIndex != consumedFileIndex {
                    summary.merge(fileSummary)
                    fileSummary = ReadSummary()
                    consumedFileIndex = entry.fileIndex
                }
                decodeAheadWhileWaiting(for: entry.slot, in: queue)
                try deliver(entry.slot, body, fileSummary: &fileSummary)
            }
        } catch {
            // No work outlives the read: the reader stops, and every chunk it queued is finished or dropped.
            let left = queue.cancel()
            reading.wait()
            for entry in left { entry.slot.discard() }
            throw error
        }
        reading.wait()
        summary.merge(fileSummary)
        return summary
    }

    /// ``run(paths:_:)`` without workers: every chunk read, decoded and handed over in turn on the calling thread.
    private func runOnCallingThread(
        paths: [String], _ body: (inout [FlowEvent], [Int], Int, [EventIdentity]) throws -> Void
    ) throws -> ReadSummary {
        var summary = ReadSummary()
        for path in paths {
            var fileSummary = ReadSummary()
            let source = try ParallelChunkSource(path: path, pool: pool)
            while let chunk = try source.nextChunk() {
                try deliver(Self.slot(for: chunk, of: path, pool: pool), body, fileSummary: &fileSummary)
            }
            summary.merge(fileSummary)
        }
        return summary
    }

    /// The slot of a chunk just read from `path`: its bytes to decode, or an oversized line already counted.
    private static func slot(for chunk: ParallelChunkSource.Chunk, of path: String, pool: ChunkBufferPool) -> ChunkResultSlot {
        switch chunk {
        case .lines(let bytes):
            return ChunkResultSlot(bytes: bytes, path: path, pool: pool)
        case .oversizedLine:
            var chunkSummary = ReadSummary()
            chunkSummary.lineCount = 1
            chunkSummary.recordSkip(.oversizedLine, at: LineLocation(path: path, line: 1))
            return ChunkResultSlot(decodedChunk: DecodedChunk(events: [], summary: chunkSummary))
        }
    }

    /// Runs on the reading thread: reads every file in chunks, queues each to a worker and then to the consumer,
    /// and ends the queue.
    private static func read(
        _ paths: [String], into queue: ReadAheadQueue, pool: ChunkBufferPool,
        workerQueues: [DispatchQueue], workerDecoders: [ChunkDecoder]
    ) {
        var chunksRead = 0
        do {
            for (fileIndex, path) in paths.enumerated() {
                let source = try ParallelChunkSource(path: path, pool: pool)
                while let chunk = try source.nextChunk() {
                    let slot = slot(for: chunk, of: path, pool: pool)
                    if case .lines = chunk {
                        let worker = chunksRead % workerQueues.count
                        let decoder = workerDecoders[worker]
                        workerQueues[worker].async { slot.decodeIfUnclaimed(using: decoder) }
                    }
                    chunksRead += 1
                    guard queue.push(ReadAheadQueue.Entry(fileIndex: fileIndex, slot: slot)) else {
                        slot.discard()
                        return
                    }
                }
            }
            queue.finish()
        } catch {
            queue.fail(error)
        }
    }

    /// While a worker is still decoding the chunk the consumer needs next, the consumer decodes the oldest chunk
    /// queued after it that nobody has started on, rather than wait idle: its worker then finds it done.
    private func decodeAheadWhileWaiting(for slot: ChunkResultSlot, in queue: ReadAheadQueue) {
        guard slot.isBeingDecoded else { return }
        for waiting in queue.waitingSlots() where waiting.decodeIfUnclaimed(using: consumerDecoder) {
            return
        }
    }

    /// Waits for `slot`'s chunk (or decodes it) and hands its events to `body`.
    private func deliver(
        _ slot: ChunkResultSlot, _ body: (inout [FlowEvent], [Int], Int, [EventIdentity]) throws -> Void,
        fileSummary: inout ReadSummary
    ) throws {
        var decoded = slot.take(decodingWith: consumerDecoder)
        // Moved out, so that once `body` has returned the array is this function's alone to reuse.
        var events = decoded.events
        decoded.events = []
        fileSummary.merge(decoded.summary, shiftingLinesBy: fileSummary.lineCount)
        let leftOut = decoded.summary.eventCount - events.count
        if !events.isEmpty || leftOut > 0 { try body(&events, decoded.userHashes, leftOut, decoded.leftOutIdentities) }
        eventArrays.giveBack(consume events)
    }
}
