/// Hands out the chunks of one file for the parallel pipeline, each read into a buffer of its own that the
/// decoding thread then owns.
///
/// The file is read, never mapped: a mapped file that another process truncates kills the reader with
/// SIGBUS when it touches a page past the new end, while a read just returns fewer bytes, which
/// `FileByteSource` reports as the file shrinking. One copy from the page cache per byte costs far less
/// than decoding the byte. The buffers come from a `ChunkBufferPool`, so a long read reuses a few of them.
final class ParallelChunkSource {
    /// A piece of the file.
    enum Chunk {
        /// Whole lines, each ending in a newline except possibly the file's last one.
        case lines(ChunkBytes)
        /// One line too long for a chunk, whose bytes were skipped.
        case oversizedLine
    }

    private let source: FileByteSource
    private let pool: ChunkBufferPool
    private var capacity: Int { pool.capacity }
    /// The start of a line read with the previous chunk, which begins the next one.
    private var carried: [UInt8] = []
    private var reachedEndOfFile = false

    /// Opens the file at `path` (decompressing it if it ends in `.gz`) for chunks as large as the buffers of `pool`.
    ///
    /// - Throws: `FlowEventReadError` when the file is missing, unreadable or a directory.
    init(path: String, pool: ChunkBufferPool) throws(FlowEventReadError) {
        source = try FileByteSource(path: path)
        self.pool = pool
    }

    /// The next chunk of the file, or nil at its end.
    ///
    /// - Throws: `FlowEventReadError` when the file cannot be read on, shrank while being read, or is a gzip
    ///   stream that is corrupt or cut short.
    func nextChunk() throws(FlowEventReadError) -> Chunk? {
        let bytes = try filledBuffer()
        guard bytes.count > 0 else {
            pool.giveBack(bytes.storage)
            return nil
        }
        if let lastNewline = Self.lastNewlineIndex(in: bytes) {
            if lastNewline + 1 < bytes.count {
                carried = Array(bytes.storage[(lastNewline + 1)..<bytes.count])
            }
            return .lines(ChunkBytes(storage: bytes.storage, count: lastNewline + 1))
        }
        if reachedEndOfFile { return .lines(bytes) }
        pool.giveBack(bytes.storage)
        try skipThroughNextNewline()
        return .oversizedLine
    }

    /// A pooled buffer holding the carried bytes followed by as many bytes of the file as fit.
    private func filledBuffer() throws(FlowEventReadError) -> ChunkBytes {
        var storage = pool.take()
        var failure: FlowEventReadError?
        var filled = carried.count
        storage.replaceSubrange(0..<filled, with: carried)
        while !reachedEndOfFile, filled < capacity {
            do throws(FlowEventReadError) {
                let count = try source.readBytes(into: &storage, from: filled)
                if count == 0 { reachedEndOfFile = true }
                filled += count
            } catch {
                failure = error
                break
            }
        }
        carried = []
        if let failure {
            pool.giveBack(storage)
            throw failure
        }
        return ChunkBytes(storage: storage, count: filled)
    }

    /// Reads on past the next newline, keeping what follows it for the next chunk.
    private func skipThroughNextNewline() throws(FlowEventReadError) {
        while !reachedEndOfFile {
            let bytes = try filledBuffer()
            defer { pool.giveBack(bytes.storage) }
            if let newline = bytes.storage[0..<bytes.count].firstIndex(of: UInt8(ascii: "\n")) {
                carried = Array(bytes.storage[(newline + 1)..<bytes.count])
                return
            }
        }
    }

    private static func lastNewlineIndex(in bytes: ChunkBytes) -> Int? {
        bytes.withBytes { buffer in
            var index = buffer.count - 1
            while index >= 0 {
                if buffer[index] == UInt8(ascii: "\n") { return index }
                index -= 1
            }
            return nil
        }
    }
}
