#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory for a fixed number of initialised elements, owned by a reader's cache, buffer or parser
/// and freed with `deallocate()`.
///
/// A struct over one allocation, so that using it costs no reference counting; the reader reads
/// its bytes through ``ByteView``s. Debug builds check every index and range against ``count``.
struct FixedSlots<Element> {
    private let base: UnsafeMutablePointer<Element>
    /// How many elements there are.
    let count: Int

    /// Allocates `count` elements, each `value`.
    init(count: Int, repeating value: Element) {
        precondition(count > 0, "FixedSlots needs at least one element")
        base = .allocate(capacity: count)
        base.initialize(repeating: value, count: count)
        self.count = count
    }

    /// Frees the memory; the slots must not be used afterwards.
    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The element at `index`, read and written in place (a field of it without copying the rest).
    subscript(index: Int) -> Element {
        @inline(__always) unsafeAddress {
            assert(index >= 0 && index < count, "slot \(index) of \(count)")
            return UnsafePointer(base + index)
        }
        @inline(__always) nonmutating unsafeMutableAddress {
            assert(index >= 0 && index < count, "slot \(index) of \(count)")
            return base + index
        }
    }
}

extension FixedSlots where Element == UInt8 {
    /// The bytes in `range`, valid until they change or the slots are freed.
    @inline(__always)
    func bytes(_ range: Range<Int>) -> ByteView {
        assert(range.lowerBound >= 0 && range.upperBound <= count, "bytes \(range) of \(count)")
        return ByteView(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// The bytes in `range`, for a system call to fill.
    func room(_ range: Range<Int>) -> UnsafeMutableBufferPointer<UInt8> {
        assert(range.lowerBound >= 0 && range.upperBound <= count, "room \(range) of \(count)")
        return UnsafeMutableBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Moves the bytes in `range` to the start.
    func moveToStart(_ range: Range<Int>) {
        assert(range.lowerBound >= 0 && range.upperBound <= count, "bytes \(range) of \(count)")
        memmove(base, base + range.lowerBound, range.count)
    }
}
