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
        case queued(bytes: ChunkBytes, path: String)
        case decoding
        case decoded(DecodedChunk)
        case taken
    }

    private let state: Mutex<State>
    /// Where the chunk's buffer goes once it is decoded or discarded.
    private let pool: ChunkBufferPool?
    private let decoded = DispatchSemaphore(value: 0)

    /// Creates a slot for a chunk of whole lines from the file at `path`, waiting to be decoded;
    /// its buffer goes back to `pool` once decoded.
    init(bytes: ChunkBytes, path: String, pool: ChunkBufferPool) {
        state = Mutex(.queued(bytes: bytes, path: path))
        self.pool = pool
    }

    /// Creates a slot whose chunk needs no decoding, such as an oversized line.
    init(decodedChunk: DecodedChunk) {
        state = Mutex(.decoded(decodedChunk))
        pool = nil
    }

    /// Decodes the chunk with `decoder` unless someone already has or is, and returns whether it did; called by
    /// the worker that owns `decoder`, or by the consumer with its own.
    @discardableResult
    func decodeIfUnclaimed(using decoder: ChunkDecoder) -> Bool {
        guard let (bytes, path) = claim() else { return false }
        let chunk = decode(bytes, path: path, decoder: decoder)
        state.withLock { $0 = .decoded(chunk) }
        decoded.signal()
        return true
    }

    /// Whether a worker is decoding the chunk right now, so that taking it would wait.
    var isBeingDecoded: Bool {
        state.withLock { state in
            if case .decoding = state { return true }
            return false
        }
    }

    /// The decoded chunk: decoded on the calling thread with `decoder` if no worker has started on
    /// it yet, else waited for. Called once, by the consumer.
    func take(decodingWith decoder: ChunkDecoder) -> DecodedChunk {
        if let (bytes, path) = claim() {
            state.withLock { $0 = .taken }
            return decode(bytes, path: path, decoder: decoder)
        }
        return waitForDecoded()
    }

    /// The chunk a worker decoded or is decoding, once it is done.
    private func waitForDecoded() -> DecodedChunk {
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
        if let (bytes, _) = claim() {
            state.withLock { $0 = .taken }
            pool?.giveBack(bytes.storage)
            return
        }
        _ = waitForDecoded()
    }

    /// Moves the bytes out for decoding if nobody has claimed them yet.
    private func claim() -> (ChunkBytes, String)? {
        state.withLock { state in
            guard case .queued(let bytes, let path) = state else { return nil }
            state = .decoding
            return (bytes, path)
        }
    }

    private func decode(_ bytes: ChunkBytes, path: String, decoder: ChunkDecoder) -> DecodedChunk {
        let chunk = bytes.withBytes { decoder.decode($0, path: path) }
        pool?.giveBack(bytes.storage)
        return chunk
    }
}
