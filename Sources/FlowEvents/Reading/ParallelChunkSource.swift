/// Hands out the chunks of one file for the parallel pipeline: ranges of the file mapped into
/// memory when it can be mapped, else copies of what `FileChunkReader` reads.
final class ParallelChunkSource {
    /// A piece of the file.
    enum Chunk {
        /// Whole lines, each ending in a newline except possibly the file's last one.
        case lines(ChunkBytes)
        /// One line too long for a chunk, whose bytes were skipped.
        case oversizedLine
    }

    private var cutter: MappedChunkCutter?
    private let reader: FileChunkReader?

    /// Opens the file at `path` for chunks of at most `chunkSize` bytes.
    ///
    /// - Throws: `FlowEventReadError` when the file is missing, unreadable or a directory.
    init(path: String, chunkSize: Int) throws(FlowEventReadError) {
        if let file = MappedFile(path: path) {
            cutter = MappedChunkCutter(file: file, capacity: chunkSize)
            reader = nil
        } else {
            cutter = nil
            reader = try FileChunkReader(path: path, capacity: chunkSize)
        }
    }

    /// The next chunk of the file, or nil at its end.
    func nextChunk() throws(FlowEventReadError) -> Chunk? {
        if var cutter {
            defer { self.cutter = cutter }
            switch cutter.nextChunk() {
            case .lines(let range): return .lines(.mapped(cutter.file, range))
            case .oversizedLine: return .oversizedLine
            case nil: return nil
            }
        }
        switch try reader?.nextChunk() {
        case .lines(let bytes): return .lines(.copied(Array(bytes)))
        case .oversizedLine: return .oversizedLine
        case nil: return nil
        }
    }
}
