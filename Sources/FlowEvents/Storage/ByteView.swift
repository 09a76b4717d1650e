#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes the reader borrows: a chunk of a log, a line of it, a field of a line, valid while their
/// owner (a chunk buffer, an array, a string literal) keeps them.
///
/// The reader passes bytes as `ByteView`s, never as pointers. Every read through one, a byte, a
/// range, a word loaded eight (four, two) bytes at a time, a prefix, a search, is checked against
/// ``count`` in debug builds, which run the whole test suite; release builds read unchecked. The
/// types of this folder are the only code of FlowEvents that touches memory directly, beside the
/// system calls that fill and write buffers by their address.
package struct ByteView: RandomAccessCollection {
    private let buffer: UnsafeBufferPointer<UInt8>

    /// A view of the bytes of `buffer`, which must stay valid and unchanged while the view is used.
    @inline(__always)
    package init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// A view of the UTF-8 bytes of `literal`, valid for the program's lifetime.
    @inline(__always)
    init(_ literal: StaticString) {
        buffer = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// How many bytes there are.
    package var count: Int { buffer.count }
    package var startIndex: Int { 0 }
    package var endIndex: Int { buffer.count }

    /// The byte at `position`.
    package subscript(position: Int) -> UInt8 {
        @inline(__always) get {
            assert(position >= 0 && position < buffer.count, "byte \(position) of \(buffer.count)")
            return buffer[position]
        }
    }

    /// The bytes in `range`, counted from zero again.
    @inline(__always)
    func bytes(_ range: Range<Int>) -> ByteView {
        assert(range.lowerBound >= 0 && range.upperBound <= buffer.count, "bytes \(range) of \(buffer.count)")
        return ByteView(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// Lends the bytes to `body` as contiguous storage, which `String(decoding:as:)` and other
    /// generic readers take their fast path on.
    @inline(__always)
    package func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try body(buffer)
    }

    /// Appends the bytes to `bytes`, copied in bulk.
    @inline(__always)
    func append(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: buffer)
    }

    /// The `Word` whose bytes start at `offset`, in memory order (little-endian on the machines
    /// Switchyard runs on), at any alignment.
    @inline(__always)
    func load<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Word {
        assert(offset >= 0 && offset + MemoryLayout<Word>.size <= buffer.count, "load at \(offset) of \(buffer.count) bytes")
        return UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).loadUnaligned(fromByteOffset: offset, as: Word.self)
    }

    /// Whether the bytes from `offset` on begin with all of `prefix`: inlined, unlike `memcmp`,
    /// which matters for the short literals compared on every line.
    @inline(__always)
    func hasPrefix(_ prefix: ByteView, at offset: Int) -> Bool {
        let count = prefix.buffer.count
        guard buffer.count - offset >= count, let base = buffer.baseAddress else { return false }
        assert(offset >= 0, "prefix at \(offset)")
        guard let prefixBase = prefix.buffer.baseAddress else { return true }
        return Self.equal(UnsafeRawPointer(base + offset), UnsafeRawPointer(prefixBase), count: count)
    }

    /// Whether `count` bytes at `left` and `right` are equal, eight at a time.
    @inline(__always)
    private static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while count - offset >= 8 {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        while offset < count {
            if left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset += 1
        }
        return true
    }

    /// Whether the two views hold the same bytes.
    @inline(__always)
    func hasSameBytes(as other: ByteView) -> Bool {
        guard buffer.count == other.buffer.count else { return false }
        guard let base = buffer.baseAddress, let otherBase = other.buffer.baseAddress else { return true }
        return memcmp(base, otherBase, buffer.count) == 0
    }

    /// The index of the first `byte` at or after `start`, found with `memchr`.
    @inline(__always)
    func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        assert(start >= 0 && start <= buffer.count, "search from \(start) of \(buffer.count) bytes")
        guard start < buffer.count, let base = buffer.baseAddress,
              let found = memchr(base + start, Int32(byte), buffer.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}

extension Array where Element == UInt8 {
    /// Lends the array's bytes to `body` as a view.
    @inline(__always)
    package func withByteView<Result>(_ body: (ByteView) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { try body(ByteView($0)) }
    }
}
