/// The bytes of a chunk waiting for a decoding thread: a copy, or a range of a mapped file.
enum ChunkBytes: Sendable {
    case copied([UInt8])
    case mapped(MappedFile, Range<Int>)

    /// Calls `body` with the bytes.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch self {
        case .copied(let bytes):
            try bytes.withUnsafeBufferPointer(body)
        case .mapped(let file, let range):
            try body(file.bytes(in: range))
        }
    }

    /// Gives the memory of mapped bytes back once they are decoded; see `MappedFile.releasePages(in:)`.
    func releaseMappedPages() {
        if case .mapped(let file, let range) = self {
            file.releasePages(in: range)
        }
    }

    /// How many bytes there are.
    var count: Int {
        switch self {
        case .copied(let bytes): bytes.count
        case .mapped(_, let range): range.count
        }
    }
}
