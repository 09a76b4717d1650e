/// Reads a file (decompressing `.gz` files) in blocks and hands out chunks that end at a line
/// boundary, carrying the partial line at the end of a block over to the next chunk.
///
/// Memory is one buffer of `capacity` bytes whatever the file's size; a line that does not
/// fit is skipped through its newline and reported as `.oversizedLine`.
final class FileChunkReader {
    /// The path of the file, as given.
    var path: String { source.path }
    private let source: FileByteSource
    private let buffer: FixedSlots<UInt8>
    private var capacity: Int { buffer.count }
    /// Start of the bytes not yet handed out.
    private var start = 0
    /// End of the bytes read.
    private var end = 0
    private var reachedEndOfFile = false

    /// Opens the file at `path` (decompressing it if it ends in `.gz`) for reading in chunks of
    /// at most `capacity` bytes.
    ///
    /// - Throws: `FlowEventReadError` when the file is missing, unreadable or a directory.
    init(path: String, capacity: Int) throws(FlowEventReadError) {
        source = try FileByteSource(path: path)
        buffer = FixedSlots(count: max(capacity, 2), repeating: 0)
    }

    /// The next chunk of the file, or nil at its end.
    func nextChunk() throws(FlowEventReadError) -> FileChunk? {
        if start > 0 {
            let carried = end - start
            if carried > 0 { buffer.moveToStart(start..<end) }
            end = carried
            start = 0
        }
        try fill()
        if end == 0 { return nil }
        if let lastNewline = lastNewlineIndex() {
            start = lastNewline + 1
            return .lines(buffer.bytes(0..<start))
        }
        if reachedEndOfFile {
            start = end
            return .lines(buffer.bytes(0..<end))
        }
        try discardThroughNextNewline()
        return .oversizedLine
    }

    /// Reads until the buffer is full or the file ends.
    private func fill() throws(FlowEventReadError) {
        while !reachedEndOfFile, end < capacity {
            let count = try source.readBytes(into: buffer.room(end..<capacity))
            if count == 0 { reachedEndOfFile = true }
            end += count
        }
    }

    private func lastNewlineIndex() -> Int? {
        var index = end - 1
        while index >= 0 {
            if buffer.view[index] == UInt8(ascii: "\n") { return index }
            index -= 1
        }
        return nil
    }

    /// Drops the buffered bytes and reads on past the next newline, keeping what follows it.
    private func discardThroughNextNewline() throws(FlowEventReadError) {
        while true {
            end = 0
            start = 0
            try fill()
            if end == 0 { return }
            if let newline = buffer.bytes(0..<end).firstIndex(of: UInt8(ascii: "\n"), from: 0) {
                start = newline + 1
                return
            }
        }
    }
}
