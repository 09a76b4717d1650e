#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cuts a mapped file into the chunks `FileChunkReader` would hand out with the same capacity:
/// at most `capacity` bytes each, ending at a line boundary, with a line longer than that
/// skipped through its newline as `.oversizedLine`.
struct MappedChunkCutter {
    /// A piece of the file.
    enum Chunk {
        /// Whole lines, each ending in a newline except possibly the file's last one.
        case lines(Range<Int>)
        /// One line too long for a chunk.
        case oversizedLine
    }

    let file: MappedFile
    private let capacity: Int
    /// Start of the bytes not yet handed out.
    private var start = 0

    /// Creates a cutter of `file` into chunks of at most `capacity` bytes.
    init(file: MappedFile, capacity: Int) {
        self.file = file
        self.capacity = max(capacity, 2)
    }

    /// The next chunk of the file, or nil at its end.
    mutating func nextChunk() -> Chunk? {
        guard start < file.count else { return nil }
        let window = start..<min(start + capacity, file.count)
        let bytes = file.bytes(in: window)
        var index = bytes.count - 1
        while index >= 0, bytes[index] != UInt8(ascii: "\n") {
            index -= 1
        }
        if index >= 0 {
            let chunk = start..<start + index + 1
            start = chunk.upperBound
            return .lines(chunk)
        }
        if window.upperBound == file.count {
            start = file.count
            return .lines(window)
        }
        let rest = file.bytes(in: window.upperBound..<file.count)
        if let base = rest.baseAddress, let newline = memchr(base, Int32(UInt8(ascii: "\n")), rest.count) {
            start = window.upperBound + base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
        } else {
            start = file.count
        }
        return .oversizedLine
    }
}
