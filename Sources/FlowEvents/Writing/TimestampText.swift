/// The 24 bytes of a timestamp's ISO 8601 text (`YYYY-MM-DDTHH:MM:SS.mmmZ`), kept inline in three
/// words so that formatting allocates nothing: written digit by digit, then copied whole into a line.
///
/// Its bytes are read and written through views of the words (``EventLineMemory``), which debug builds
/// check every offset against; release builds write unchecked.
package struct TimestampText {
    /// The bytes, in memory order.
    @usableFromInline var words: (UInt64, UInt64, UInt64) = (0, 0, 0)

    /// The number of bytes.
    @usableFromInline static let count = 24

    /// Zero bytes, to be written.
    @inlinable
    package init() {}

    /// The byte at `offset`.
    @inlinable
    package subscript(offset: Int) -> UInt8 {
        @inline(__always) get {
            ByteView.withBytes(of: words) { $0[offset] }
        }
        @inline(__always) set {
            MutableByteView.withBytes(of: &words) { $0[offset] = newValue }
        }
    }

    /// Writes the two digits of `value` (below 100) at `offset`.
    @inlinable @inline(__always)
    package mutating func putTwoDigits(_ value: Int64, at offset: Int) {
        self[offset] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
        self[offset + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
    }

    /// Appends the 24 bytes to `bytes`.
    @inlinable
    package func append(to bytes: inout [UInt8]) {
        ByteView.withBytes(of: words) { $0.append(to: &bytes) }
    }

    /// Appends the 24 bytes to `line`.
    @inlinable @inline(__always)
    package func append(to line: LineBuffer) {
        ByteView.withBytes(of: words) { line.append($0) }
    }
}
