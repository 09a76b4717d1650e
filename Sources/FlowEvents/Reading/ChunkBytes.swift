/// The bytes of one chunk of whole lines: the first `count` bytes of `storage`, a buffer that
/// `ChunkBufferPool` hands out again once the chunk is decoded.
struct ChunkBytes: Sendable {
    /// The buffer, `capacity` bytes long; only the first `count` are the chunk's.
    var storage: [UInt8]
    /// How many bytes of `storage` the chunk holds.
    var count: Int

    /// Lends the chunk's bytes to `body`.
    func withBytes<Result>(_ body: (ByteView) throws -> Result) rethrows -> Result {
        try storage.withByteView { buffer in
            try body(buffer.bytes(0..<count))
        }
    }
}
