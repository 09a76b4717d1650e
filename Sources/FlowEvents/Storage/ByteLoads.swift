#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reader's unchecked reads of byte buffers: words loaded eight (four, two) bytes at a time
/// for word-at-a-time scanning, comparison and hashing, and the search for a byte.
///
/// With ``FixedSlots``, the only code of the reader that reads memory directly; the rest reads
/// through `UnsafeBufferPointer` views, whose subscripts debug builds check too. Every load here
/// is checked against its buffer's bounds in debug builds, which run the whole test suite;
/// release builds read without checks.
enum ByteLoads {
    /// The `Word` whose bytes start at `offset` of `bytes`, in memory order (little-endian on
    /// the machines Switchyard runs on), at any alignment.
    @inline(__always)
    static func load<Word: FixedWidthInteger>(_: Word.Type, from bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Word {
        assert(offset >= 0 && offset + MemoryLayout<Word>.size <= bytes.count, "load at \(offset) of \(bytes.count) bytes")
        return UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped).loadUnaligned(fromByteOffset: offset, as: Word.self)
    }

    /// Whether the bytes of `bytes` from `offset` on begin with all of `other`: inlined, unlike
    /// `memcmp`, which matters for the short literals compared on every line.
    @inline(__always)
    static func hasPrefix(_ other: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let count = other.count
        guard bytes.count - offset >= count, let base = bytes.baseAddress else { return false }
        assert(offset >= 0, "prefix at \(offset)")
        guard let otherBase = other.baseAddress else { return true }
        return equal(UnsafeRawPointer(base + offset), UnsafeRawPointer(otherBase), count: count)
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

    /// Whether `left` and `right` hold the same bytes.
    @inline(__always)
    static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
        return memcmp(leftBase, rightBase, left.count) == 0
    }

    /// The index of the first `byte` in `bytes` at or after `start`, found with `memchr`.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        assert(start >= 0 && start <= bytes.count, "search from \(start) of \(bytes.count) bytes")
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}

extension StaticString {
    /// The literal's UTF-8 bytes.
    @inline(__always)
    var utf8Bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount)
    }
}
