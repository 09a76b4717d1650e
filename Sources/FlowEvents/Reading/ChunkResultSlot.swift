import Dispatch
import Synchronization

/// One chunk's way through the parallel pipeline: its bytes until someone decodes them, then
/// the decoded result until the consumer takes it.
///
/// Whoever claims the bytes first decodes them: the worker the chunk was queued to or, when
/// the consumer reaches the chunk before that worker has started on it, the consumer itself.
/// That way a busy machine, where the workers get little time, is never slower than reading
/// on the calling thread alone.
final class ChunkResultSlot: Sendable {
    private enum State {
        case queued(bytes: [UInt8], path: String)
        case decoding
        case decoded(DecodedChunk)
        case taken
    }

    private let state: Mutex<State>
    private let filter: (@Sendable (FlowEvent) -> Bool)?
    private let decoded = DispatchSemaphore(value: 0)

    /// Creates a slot for a chunk of whole lines from the file at `path`, waiting to be decoded
    /// into the events `filter` keeps (every event when it is nil).
    init(bytes: [UInt8], path: String, filter: (@Sendable (FlowEvent) -> Bool)?) {
        state = Mutex(.queued(bytes: bytes, path: path))
        self.filter = filter
    }

    /// Creates a slot whose chunk needs no decoding, such as an oversized line.
    init(decodedChunk: DecodedChunk) {
        state = Mutex(.decoded(decodedChunk))
        filter = nil
    }

    /// Decodes the chunk unless someone already has or is; called by the worker.
    func decodeIfUnclaimed() {
        guard let (bytes, path) = claim() else { return }
        let chunk = decode(bytes, path: path)
        state.withLock { $0 = .decoded(chunk) }
        decoded.signal()
    }

    /// The decoded chunk: decoded on the calling thread if no worker has started on it yet,
    /// else waited for. Called once, by the consumer.
    func take() -> DecodedChunk {
        if let (bytes, path) = claim() {
            state.withLock { $0 = .taken }
            return decode(bytes, path: path)
        }
        let taken = state.withLock { state -> DecodedChunk? in
            guard case .decoded(let chunk) = state else { return nil }
            state = .taken
            return chunk
        }
        if let taken { return taken }
        decoded.wait()
        return state.withLock { state -> DecodedChunk in
            defer { state = .taken }
            if case .decoded(let chunk) = state { return chunk }
            return DecodedChunk(events: [], summary: ReadSummary())
        }
    }

    /// Drops the chunk without decoding it if no worker has started on it, else waits for the
    /// worker to finish; for a read that ends early.
    func discard() {
        if claim() != nil {
            state.withLock { $0 = .taken }
            return
        }
        _ = take()
    }

    /// Moves the bytes out for decoding if nobody has claimed them yet.
    private func claim() -> ([UInt8], String)? {
        state.withLock { state in
            guard case .queued(let bytes, let path) = state else { return nil }
            state = .decoding
            return (bytes, path)
        }
    }

    private func decode(_ bytes: [UInt8], path: String) -> DecodedChunk {
        var summary = ReadSummary()
        var events: [FlowEvent] = []
        events.reserveCapacity(bytes.count / 160)
        bytes.withUnsafeBufferPointer { chunk in
            let decoder = EventLineDecoder(forBytes: chunk.count)
            if let filter {
                LineChunkParser.parse(chunk, decoder: decoder, path: path, linesBefore: 0, summary: &summary) {
                    if filter($0) { events.append($0) }
                }
            } else {
                LineChunkParser.parse(chunk, decoder: decoder, path: path, linesBefore: 0, summary: &summary) {
                    events.append($0)
                }
            }
        }
        return DecodedChunk(events: events, summary: summary)
    }
}
