import CZlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory event lines are read from and written into, and the one place FlowEvents touches memory
/// through pointers: every allocation, load, store, copy and bulk comparison of the module, and every
/// buffer it hands to a system call, is a method of one of the types nested here. No other file of the
/// module holds a pointer, beyond turning the C strings that `strerror` and `gzerror` return into Swift strings.
///
/// - ``ByteView``: bytes borrowed from their owner (a chunk buffer, an array, a string, a literal), read.
/// - ``MutableByteView``: bytes borrowed from their owner, written: room in a line being encoded, in a
///   buffer a system call fills, in a string being made.
/// - ``FixedSlots``: memory for a fixed number of elements that a cache, a buffer or a parser owns, freed
///   by its `deinit` when the owner goes (a non-copyable struct, so there is one owner and no freeing by hand).
/// - ``SlotsView``: a view of such slots, read and written in place, that a cache keeps so that using it
///   costs no reference counting.
///
/// Debug builds, which run the whole test suite, check every index, range, load and store against the
/// bytes or slots it reaches, and that no view of slots is used once their owner has freed them. Release builds read and
/// write unchecked, as the reader's and the writer's hot loops need: the checks are `assert`s, which
/// compile away there. The views are valid only while their owner keeps the memory, which the callers'
/// structure ensures: views are lent to closures, or held by the owner's own short-lived readers.
@usableFromInline package enum EventLineMemory {}

/// Bytes the reader borrows; see ``EventLineMemory/ByteView``.
@usableFromInline package typealias ByteView = EventLineMemory.ByteView
/// Bytes a writer borrows; see ``EventLineMemory/MutableByteView``.
@usableFromInline typealias MutableByteView = EventLineMemory.MutableByteView
/// Memory a cache, a buffer or a parser owns; see ``EventLineMemory/FixedSlots``.
@usableFromInline typealias FixedSlots<Element> = EventLineMemory.FixedSlots<Element>
/// A view of slots that a cache reads and writes; see ``EventLineMemory/SlotsView``.
@usableFromInline typealias SlotsView<Element> = EventLineMemory.SlotsView<Element>

// MARK: - Borrowed bytes, read

extension EventLineMemory {
    /// Bytes the reader borrows: a chunk of a log, a line of it, a field of a line, valid while their
    /// owner (a chunk buffer, an array, a string literal) keeps them.
    ///
    /// The reader passes bytes as `ByteView`s, never as pointers. Every read through one, a byte, a
    /// range, a word loaded eight (four, two) bytes at a time, a prefix, a search, is checked against
    /// ``count`` in debug builds.
    @usableFromInline package struct ByteView: RandomAccessCollection {
        @usableFromInline let buffer: UnsafeBufferPointer<UInt8>

        /// A view of the bytes of `buffer`, which must stay valid and unchanged while the view is used.
        @inlinable @inline(__always)
        init(_ buffer: UnsafeBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        /// A view of the UTF-8 bytes of `literal`, valid for the program's lifetime.
        @inlinable @inline(__always)
        init(_ literal: StaticString) {
            assert(literal.hasPointerRepresentation, "a literal of one Unicode scalar has no bytes to view")
            buffer = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        }

        /// How many bytes there are.
        @inlinable package var count: Int { buffer.count }
        @inlinable package var startIndex: Int { 0 }
        @inlinable package var endIndex: Int { buffer.count }

        /// The byte at `position`.
        @inlinable
        package subscript(position: Int) -> UInt8 {
            @inline(__always) get {
                assert(position >= 0 && position < buffer.count, "byte \(position) of \(buffer.count)")
                return buffer[position]
            }
        }

        /// The bytes in `range`, counted from zero again.
        @inlinable @inline(__always)
        func bytes(_ range: Range<Int>) -> ByteView {
            assert(range.lowerBound >= 0 && range.upperBound <= buffer.count, "bytes \(range) of \(buffer.count)")
            return ByteView(UnsafeBufferPointer(rebasing: buffer[range]))
        }

        /// Lends the bytes to `body` as contiguous storage, which `String(decoding:as:)` and other
        /// generic readers take their fast path on: the `Sequence` requirement, the one signature of the
        /// family that shows a pointer, to the standard library's algorithms.
        @inlinable @inline(__always)
        package func withContiguousStorageIfAvailable<Result>(
            _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
        ) rethrows -> Result? {
            try body(buffer)
        }

        /// Appends the bytes to `bytes`, copied in bulk.
        @inlinable @inline(__always)
        func append(to bytes: inout [UInt8]) {
            bytes.append(contentsOf: buffer)
        }

        /// A new array of the bytes, copied in bulk.
        func copied() -> [UInt8] {
            Array(buffer)
        }

        /// The `Word` whose bytes start at `offset`, in memory order (little-endian on the machines
        /// Switchyard runs on), at any alignment.
        @inlinable @inline(__always)
        func load<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Word {
            assert(offset >= 0 && offset + MemoryLayout<Word>.size <= buffer.count, "load at \(offset) of \(buffer.count) bytes")
            return UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).loadUnaligned(fromByteOffset: offset, as: Word.self)
        }

        /// The eight bytes from `offset` on as a word, in memory order, at any alignment: `load(UInt64.self, at:)`
        /// without the generic, for `LineBuffer`'s loop, which other modules inline (a generic load there keeps
        /// the string being escaped retained around the loop).
        @inlinable @inline(__always)
        func load(_: UInt64.Type, at offset: Int) -> UInt64 {
            assert(offset >= 0 && offset + 8 <= buffer.count, "load at \(offset) of \(buffer.count) bytes")
            return UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
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

        /// Whether `count` bytes at `left` and `right` are equal, eight at a time: a last word that would run past
        /// the end is loaded overlapping the one before instead, so no byte is compared alone from eight on.
        @inline(__always)
        private static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
            guard count >= 8 else {
                var offset = 0
                while offset < count {
                    if left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) {
                        return false
                    }
                    offset += 1
                }
                return true
            }
            var offset = 0
            while count - offset > 8 {
                if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
                offset += 8
            }
            return left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
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

        /// Writes as many of the bytes as `write(2)` takes in one call to the file open as `descriptor`:
        /// how many it wrote, or -1 with `errno` set.
        func write(toFile descriptor: Int32) -> Int {
            guard let base = buffer.baseAddress else { return 0 }
            return systemWrite(descriptor, base, buffer.count)
        }

        /// Lends the UTF-8 bytes of `string` to `body`: read in place, without the copy `withUTF8` needs,
        /// when the string is contiguous (native and small strings are), else from a native copy.
        @inlinable @inline(__always)
        static func withUTF8<Result>(of string: String, _ body: (ByteView) -> Result) -> Result {
            if let result = string.utf8.withContiguousStorageIfAvailable({ body(ByteView($0)) }) {
                return result
            }
            var copy = string
            return copy.withUTF8 { body(ByteView($0)) }
        }

        /// Lends the bytes of `value`, in memory order, to `body`.
        @inlinable @inline(__always)
        static func withBytes<Value: BitwiseCopyable, Result>(of value: Value, _ body: (ByteView) -> Result) -> Result {
            withUnsafeBytes(of: value) { body(ByteView($0.assumingMemoryBound(to: UInt8.self))) }
        }
    }
}

extension Array where Element == UInt8 {
    /// Lends the array's bytes to `body` as a view.
    @inlinable @inline(__always)
    package func withByteView<Result>(_ body: (ByteView) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { try body(ByteView($0)) }
    }

    /// Lends the array's bytes to `body` as a view to write.
    mutating func withMutableByteView<Result, Failure: Error>(
        _ body: (MutableByteView) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withUnsafeMutableBufferPointer { buffer throws(Failure) in try body(MutableByteView(buffer)) }
    }
}

extension Collection where Element == UInt8 {
    /// Lends the collection's bytes to `body` as a view when it stores them contiguously (an array, a
    /// view); nil, without calling `body`, when it does not.
    func withByteViewIfAvailable<Result>(_ body: (ByteView) throws -> Result) rethrows -> Result? {
        try withContiguousStorageIfAvailable { try body(ByteView($0)) }
    }
}

// MARK: - Borrowed bytes, written

extension EventLineMemory {
    /// Bytes a writer borrows from their owner: room in a line being encoded, in a buffer a system call
    /// fills, in a string being made; valid while the owner keeps them.
    ///
    /// Every write through one, a byte, a word stored eight bytes at a time, a copy, is checked against
    /// ``count`` in debug builds: a writer that reserves room for what it writes and takes a view of
    /// that room cannot write past it unnoticed.
    @usableFromInline
    struct MutableByteView {
        @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>

        /// A view of the bytes of `buffer`, which must stay valid while the view is used.
        @inlinable @inline(__always)
        init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        /// How many bytes there are.
        @inlinable
        var count: Int { buffer.count }

        /// The byte at `offset`, read or written.
        @inlinable
        subscript(offset: Int) -> UInt8 {
            @inline(__always) get {
                assert(offset >= 0 && offset < buffer.count, "byte \(offset) of \(buffer.count)")
                return buffer[offset]
            }
            @inline(__always) nonmutating set {
                assert(offset >= 0 && offset < buffer.count, "byte \(offset) of \(buffer.count)")
                buffer[offset] = newValue
            }
        }

        /// The bytes in `range`, counted from zero again.
        @inlinable @inline(__always)
        func bytes(_ range: Range<Int>) -> MutableByteView {
            assert(range.lowerBound >= 0 && range.upperBound <= buffer.count, "bytes \(range) of \(buffer.count)")
            return MutableByteView(UnsafeMutableBufferPointer(rebasing: buffer[range]))
        }

        /// Stores the eight bytes of `word` from `offset` on, in memory order, at any alignment.
        ///
        /// Not generic over the word's type, as the eight-byte ``ByteView`` load is not, for the loop of
        /// `LineBuffer` that other modules inline.
        @inlinable @inline(__always)
        func store(_ word: UInt64, at offset: Int) {
            assert(offset >= 0 && offset + 8 <= buffer.count, "store at \(offset) of \(buffer.count) bytes")
            UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped).storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
        }

        /// Copies all of `bytes` to the bytes from `offset` on.
        @inlinable @inline(__always)
        func copy(_ bytes: ByteView, at offset: Int) {
            assert(offset >= 0 && offset + bytes.count <= buffer.count, "\(bytes.count) bytes at \(offset) of \(buffer.count)")
            guard let source = bytes.buffer.baseAddress else { return }
            (buffer.baseAddress.unsafelyUnwrapped + offset).initialize(from: source, count: bytes.count)
        }

        /// Copies all of `bytes` to the bytes from `offset` on, which must have room for them, and returns
        /// how many it copied.
        @inlinable @inline(__always)
        func copy(contentsOf bytes: some Collection<UInt8>, at offset: Int) -> Int {
            assert(offset >= 0 && offset <= buffer.count, "copy at \(offset) of \(buffer.count) bytes")
            return UnsafeMutableBufferPointer(rebasing: buffer[offset...]).initialize(fromContentsOf: bytes)
        }

        /// Reads into the bytes with one `read(2)` from the file open as `descriptor`: how many it read,
        /// 0 at the end of the file, or -1 with `errno` set.
        func read(fromFile descriptor: Int32) -> Int {
            guard let base = buffer.baseAddress else { return 0 }
            return systemRead(descriptor, base, buffer.count)
        }

        /// Reads into the bytes with one `gzread` from `file`: how many it decompressed, 0 at the end of
        /// the stream, or -1 on an error that `gzerror` describes.
        func read(fromGzip file: gzFile) -> Int {
            guard let base = buffer.baseAddress else { return 0 }
            return Int(gzread(file, base, UInt32(clamping: buffer.count)))
        }

        /// Lends the bytes of `value`, in memory order, to `body` to write.
        @inlinable @inline(__always)
        static func withBytes<Value: BitwiseCopyable, Result>(
            of value: inout Value, _ body: (MutableByteView) -> Result
        ) -> Result {
            withUnsafeMutableBytes(of: &value) { body(MutableByteView($0.assumingMemoryBound(to: UInt8.self))) }
        }

        /// A string of the UTF-8 bytes `body` writes into room for `capacity` of them, returning how many
        /// it wrote; made in one allocation, without an intermediate array.
        @inline(__always)
        static func string(utf8Capacity capacity: Int, _ body: (MutableByteView) -> Int) -> String {
            String(unsafeUninitializedCapacity: capacity) { body(MutableByteView($0)) }
        }
    }
}

extension EventLineMemory {
    /// The byte at `offset` of the file open as `descriptor`, read with `pread(2)`; nil when it cannot be read.
    static func byte(at offset: off_t, ofFile descriptor: Int32) -> UInt8? {
        var byte: UInt8 = 0
        return pread(descriptor, &byte, 1, offset) == 1 ? byte : nil
    }
}

// MARK: - Owned slots

extension EventLineMemory {
    /// Memory for a fixed number of elements, owned by a reader's cache, buffer or parser, or by a line
    /// being encoded: allocated by `init`, its elements deinitialized and the memory freed by `deinit`.
    ///
    /// Non-copyable, so the memory has one owner and is freed exactly once, when that owner goes; what
    /// reads and writes it without owning it (a cache a scanner keeps) holds a ``SlotsView`` of it.
    @usableFromInline
    struct FixedSlots<Element>: ~Copyable {
        /// The memory, viewed.
        @usableFromInline let view: SlotsView<Element>

        /// Allocates `count` elements, each `value`.
        init(count: Int, repeating value: Element) {
            precondition(count > 0, "FixedSlots needs at least one element")
            self.init(allocating: count)
            view.base.initialize(repeating: value, count: count)
        }

        /// Allocates `count` elements, not initialised.
        private init(allocating count: Int) {
            view = SlotsView(base: .allocate(capacity: count), count: count)
        }

        deinit {
            view.checkAllocated()
            #if DEBUG
            view.allocation.isLive = false
            #endif
            view.base.deinitialize(count: view.count)
            view.base.deallocate()
        }

        /// How many elements there are.
        @inlinable
        var count: Int { view.count }
    }

    /// A view of the memory a ``FixedSlots`` owns, read and written in place, valid while its owner lives.
    ///
    /// A struct over the owner's address, so that using it costs no reference counting. Debug builds check
    /// every index and range against ``count``, and that the owner has not freed the memory: every view
    /// shares the owner's one record of that.
    @usableFromInline
    struct SlotsView<Element> {
        @usableFromInline let base: UnsafeMutablePointer<Element>
        /// How many elements there are.
        @usableFromInline let count: Int
        #if DEBUG
        /// Whether the memory is still allocated, shared by the owner and every view of it.
        @usableFromInline let allocation: Allocation
        #endif

        /// A view of the `count` elements at `base`, which a ``FixedSlots`` owns.
        fileprivate init(base: UnsafeMutablePointer<Element>, count: Int) {
            self.base = base
            self.count = count
            #if DEBUG
            allocation = Allocation()
            #endif
        }

        /// The element at `index`, read and written in place (a field of it without copying the rest).
        @inlinable
        subscript(index: Int) -> Element {
            @inline(__always) unsafeAddress {
                checkAllocated()
                assert(index >= 0 && index < count, "slot \(index) of \(count)")
                return UnsafePointer(base + index)
            }
            @inline(__always) nonmutating unsafeMutableAddress {
                checkAllocated()
                assert(index >= 0 && index < count, "slot \(index) of \(count)")
                return base + index
            }
        }

        /// Debug builds: the owner has not freed the memory.
        @inlinable @inline(__always)
        func checkAllocated() {
            #if DEBUG
            assert(allocation.isLive, "slots used after their owner freed them")
            #endif
        }

        /// Whether a debug build's slots are still allocated.
        @usableFromInline
        final class Allocation {
            /// False once the owner frees the slots.
            @usableFromInline var isLive = true

            @usableFromInline
            init() {}
        }
    }
}

extension EventLineMemory.FixedSlots where Element == UInt8 {
    /// Allocates `count` bytes whose values are unspecified until written: for memory that is read
    /// only where it was written, such as a line being encoded.
    static func uninitializedBytes(count: Int) -> Self {
        precondition(count > 0, "FixedSlots needs at least one element")
        return Self(allocating: count)
    }

    /// The bytes in `range`, valid until they change or the owner goes.
    @inlinable @inline(__always)
    func bytes(_ range: Range<Int>) -> ByteView {
        view.checkAllocated()
        assert(range.lowerBound >= 0 && range.upperBound <= view.count, "bytes \(range) of \(view.count)")
        return ByteView(UnsafeBufferPointer(start: view.base + range.lowerBound, count: range.count))
    }

    /// The bytes in `range`, to write: room a line is encoded into, or a system call fills.
    @inlinable @inline(__always)
    func room(_ range: Range<Int>) -> MutableByteView {
        view.checkAllocated()
        assert(range.lowerBound >= 0 && range.upperBound <= view.count, "room \(range) of \(view.count)")
        return MutableByteView(UnsafeMutableBufferPointer(start: view.base + range.lowerBound, count: range.count))
    }

    /// Moves the bytes in `range` to the start.
    func moveToStart(_ range: Range<Int>) {
        view.checkAllocated()
        assert(range.lowerBound >= 0 && range.upperBound <= view.count, "bytes \(range) of \(view.count)")
        memmove(view.base, view.base + range.lowerBound, range.count)
    }
}

// MARK: - System calls

// The system's calls, under names apart from the views' methods of the same names.

private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
