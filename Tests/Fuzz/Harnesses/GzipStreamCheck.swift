import CZlib

/// What zlib, driven directly, makes of bytes a `.gz` log holds: the reference the gzip fuzz harness holds the
/// reader to.
enum GzipStreamCheck {
    /// How the bytes end.
    enum Ending: Equatable {
        /// Whole gzip members, possibly followed by bytes that do not start another (which gzip ignores).
        case whole
        /// The data ends inside a member: the stream was cut short.
        case cutShort
        /// Not gzip data at all (read as it is), or corrupt: nothing to hold the reader to.
        case other
    }

    /// How `bytes` end as a sequence of gzip members.
    static func ending(of bytes: [UInt8]) -> Ending {
        guard bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B else { return .other }
        var stream = z_stream()
        // 15 + 16: a gzip wrapper, the largest window.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return .other }
        defer { inflateEnd(&stream) }
        // Where inflated bytes go, never read: uninitialised, so that no run pays for clearing it.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 14) { output in
            ending(of: bytes, stream: &stream, output: output)
        }
    }

    private static func ending(of bytes: [UInt8], stream: inout z_stream, output: UnsafeMutableBufferPointer<UInt8>) -> Ending {
        bytes.withUnsafeBufferPointer { input -> Ending in
            guard let base = input.baseAddress else { return .other }
            var offset = 0
            while true {
                stream.next_in = UnsafeMutablePointer(mutating: base + offset)
                stream.avail_in = UInt32(input.count - offset)
                var status: Int32 = Z_OK
                repeat {
                    stream.next_out = output.baseAddress
                    stream.avail_out = UInt32(output.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                } while status == Z_OK
                offset = input.count - Int(stream.avail_in)
                switch status {
                case Z_STREAM_END:
                    let rest = input.count - offset
                    guard rest >= 2, input[offset] == 0x1F, input[offset + 1] == 0x8B else { return .whole }
                    guard inflateReset(&stream) == Z_OK else { return .other }
                case Z_BUF_ERROR where stream.avail_in == 0:
                    return .cutShort
                default:
                    return .other
                }
            }
        }
    }
}
