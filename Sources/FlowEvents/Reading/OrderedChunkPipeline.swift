import Dispatch

/// Reads files in chunks of whole lines on the calling thread, decodes the chunks on worker
/// threads, and hands the decoded batches back on the calling thread in file order.
///
/// Chunk `n` goes to worker `n % workers`: chunks are about the same size, so round robin
/// keeps every worker busy without a shared job queue. The consumer takes chunks in the order
/// they were read, through one `ChunkResultSlot` each, decoding a chunk itself when no worker
/// has started on it; at most `window` chunks are read ahead, which bounds memory.
struct OrderedChunkPipeline {
    /// A chunk read and not yet handed to the consumer.
    private struct PendingChunk {
        var fileIndex: Int
        var slot: ChunkResultSlot
    }

    private let workerQueues: [DispatchQueue]
    /// Each worker's decoder, used only on that worker's queue.
    private let workerDecoders: [ChunkDecoder]
    /// The decoder of the calling thread, for chunks it reaches before their worker does.
    private let consumerDecoder: ChunkDecoder
    private let pool: ChunkBufferPool
    private let eventArrays: EventArrayPool
    private let window: Int
    private var pending: [PendingChunk] = []
    private var pendingHead = 0
    private var chunksSubmitted = 0

    /// Creates a pipeline with `workers` decoding threads that keep only the events `filter`
    /// accepts, or every event when it is nil; with a filter, events of the `dropped` types are
    /// left out unread.
    init(workers: Int, chunkSize: Int, filter: (@Sendable (FlowEvent) -> Bool)?, dropping dropped: EventTypeMask = .none) {
        workerQueues = (0..<workers).map { DispatchQueue(label: "FlowEventReader.worker\($0)") }
        let window = 2 * workers + 1
        eventArrays = EventArrayPool(keptMost: window + 2)
        workerDecoders = (0..<workers).map { [eventArrays] _ in
            ChunkDecoder(chunkSize: chunkSize, filter: filter, dropping: dropped, arrays: eventArrays)
        }
        consumerDecoder = ChunkDecoder(chunkSize: chunkSize, filter: filter, dropping: dropped, arrays: eventArrays)
        self.window = window
        // The chunks in flight, the one being read and the one being handed over.
        pool = ChunkBufferPool(capacity: max(chunkSize, 2), keptMost: window + 2)
    }

    /// Reads `paths` in order, handing batches and the number of events filtered out of them to
    /// `body` in file order, and returns the merged summary.
    mutating func run(paths: [String], _ body: ([FlowEvent], Int) throws -> Void) throws -> ReadSummary {
        var summary = ReadSummary()
        var consumedFileIndex = 0
        var fileSummary = ReadSummary()
        do {
            for (fileIndex, path) in paths.enumerated() {
                let source = try ParallelChunkSource(path: path, pool: pool)
                while let chunk = try source.nextChunk() {
                    submit(chunk, path: path, fileIndex: fileIndex)
                    while pending.count - pendingHead >= window {
                        try deliverNext(body, summary: &summary, fileSummary: &fileSummary, fileIndex: &consumedFileIndex)
                    }
                }
            }
            while pendingHead < pending.count {
                try deliverNext(body, summary: &summary, fileSummary: &fileSummary, fileIndex: &consumedFileIndex)
            }
        } catch {
            drain()
            throw error
        }
        summary.merge(fileSummary)
        return summary
    }

    /// Queues `chunk` to a worker, or records an oversized line directly.
    private mutating func submit(_ chunk: ParallelChunkSource.Chunk, path: String, fileIndex: Int) {
        let slot: ChunkResultSlot
        switch chunk {
        case .lines(let bytes):
            slot = ChunkResultSlot(bytes: bytes, path: path, pool: pool)
            let worker = chunksSubmitted % workerQueues.count
            let decoder = workerDecoders[worker]
            workerQueues[worker].async { slot.decodeIfUnclaimed(using: decoder) }
        case .oversizedLine:
            var chunkSummary = ReadSummary()
            chunkSummary.lineCount = 1
            chunkSummary.recordSkip(.oversizedLine, at: LineLocation(path: path, line: 1))
            slot = ChunkResultSlot(decodedChunk: DecodedChunk(events: [], summary: chunkSummary))
        }
        chunksSubmitted += 1
        pending.append(PendingChunk(fileIndex: fileIndex, slot: slot))
    }

    /// Waits for the oldest pending chunk and hands its events to `body`.
    private mutating func deliverNext(
        _ body: ([FlowEvent], Int) throws -> Void,
        summary: inout ReadSummary,
        fileSummary: inout ReadSummary,
        fileIndex: inout Int
    ) throws {
        let next = pending[pendingHead]
        pendingHead += 1
        if pendingHead == pending.count || pendingHead >= 64 {
            pending.removeFirst(pendingHead)
            pendingHead = 0
        }
        var decoded = next.slot.take(decodingWith: consumerDecoder)
        // Moved out, so that once `body` has returned the array is this function's alone to reuse.
        let events = decoded.events
        decoded.events = []
        if next.fileIndex != fileIndex {
            summary.merge(fileSummary)
            fileSummary = ReadSummary()
            fileIndex = next.fileIndex
        }
        fileSummary.merge(decoded.summary, shiftingLinesBy: fileSummary.lineCount)
        let leftOut = decoded.summary.eventCount - events.count
        if !events.isEmpty || leftOut > 0 { try body(events, leftOut) }
        eventArrays.giveBack(consume events)
    }

    /// Discards every chunk still pending, waiting for those being decoded, so no work
    /// outlives the read.
    private mutating func drain() {
        for pendingChunk in pending[pendingHead...] { pendingChunk.slot.discard() }
        pending.removeAll()
        pendingHead = 0
    }
}
