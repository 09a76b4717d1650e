/// Hands out the chunks of one file for the parallel pipeline, each read into a buffer of its own that the
/// decoding thread then owns.
///
/// The file is read, never mapped: a mapped file that another process truncates kills the reader with
/// SIGBUS when it touches a page past the new end, while a read just returns fewer bytes, which
/// `FileByteSource` reports as the file shrinking. One copy from the page cache per byte costs far less
/// than decoding the byte.
final class ParallelChunkSource {
    /// A piece of the file.
    enum Chunk {
        /// Whole lines, each ending in a newline except possibly the file's last one.
        case lines([UInt8])
        /// One line too long for a chunk, whose bytes were skipped.
        case oversizedLine
    }

    private let source: FileByteSource
    private let capacity: Int
    /// The start of a line read with the previous chunk, which begins the next one.
    private var carried: [UInt8] = []
    private var reachedEndOfFile = false

    /// Opens the file at `path` (decompressing it if it ends in `.gz`) for chunks of at most `chunkSize` bytes.
    ///
    /// - Throws: `FlowEventReadError` when the file is missing, unreadable or a directory.
    init(path: String, chunkSize: Int) throws(FlowEventReadError) {
        source = try FileByteSource(path: path)
        capacity = max(chunkSize, 2)
    }

    /// The next chunk of the file, or nil at its end.
    ///
    /// - Throws: `FlowEventReadError` when the file cannot be read on, shrank while being read, or is a gzip
    ///   stream that is corrupt or cut short.
    func nextChunk() throws(FlowEventReadError) -> Chunk? {
        var bytes = try filledBuffer()
        guard !bytes.isEmpty else { return nil }
        if let lastNewline = Self.lastNewlineIndex(in: bytes) {
            if lastNewline + 1 < bytes.count {
                carried = Array(bytes[(lastNewline + 1)...])
                bytes.removeSubrange((lastNewline + 1)...)
            }
            return .lines(bytes)
        }
        if reachedEndOfFile { return .lines(bytes) }
        try skipThroughNextNewline()
        return .oversizedLine
    }

    /// A new buffer holding the carried bytes followed by as many bytes of the file as fit.
    private func filledBuffer() throws(FlowEventReadError) -> [UInt8] {
        var failure: FlowEventReadError?
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            var filled = carried.count
            carried.withUnsafeBufferPointer { carried in
                if let start = carried.baseAddress { base.initialize(from: start, count: carried.count) }
            }
            while !reachedEndOfFile, filled < capacity {
                do throws(FlowEventReadError) {
                    let count = try source.readBytes(into: base + filled, count: capacity - filled)
                    if count == 0 { reachedEndOfFile = true }
                    filled += count
                } catch {
                    failure = error
                    break
                }
            }
            initialized = filled
        }
        carried = []
        if let failure { throw failure }
        return bytes
    }

    /// Reads on past the next newline, keeping what follows it for the next chunk.
    private func skipThroughNextNewline() throws(FlowEventReadError) {
        while !reachedEndOfFile {
            let bytes = try filledBuffer()
            if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                carried = Array(bytes[(newline + 1)...])
                return
            }
        }
    }

    private static func lastNewlineIndex(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var index = buffer.count - 1
            while index >= 0 {
                if buffer[index] == UInt8(ascii: "\n") { return index }
                index -= 1
            }
            return nil
        }
    }
}
