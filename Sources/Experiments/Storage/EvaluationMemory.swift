#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The memory evaluating experiments borrows, and the one place Experiments touches memory through pointers:
/// the ids hashing reads, the texts conditions match, the working memory of a regex search, the evaluators
/// and rules assignment reads in place, and the buffers the config and sticky-bucket files are read into and
/// written from with `read(2)`, `write(2)` and `readlink(2)`. Every such borrowed buffer, temporary allocation,
/// load and store is a method of one of the types nested here or of this enum; no other file of the module
/// holds a pointer.
///
/// - ``BorrowedBytes``: bytes borrowed from a string or an array, read: what hashing reads ids through.
/// - ``CodeUnits``: a text's UTF-16 code units, what `$regex` matches against.
/// - ``Slots``: elements of temporary memory, read and written in place: a regex search's working memory.
/// - ``BorrowedElements``: an array's elements, read in place without copying them.
/// - `read(fromFile:into:from:)`: a file's bytes read into a buffer, what `BoundedFile` reads files with.
///
/// Debug builds, which run the whole test suite, check every index, load and store against the memory it
/// reaches, and the alignment of the temporary memory; release builds compile the checks (`assert`s) away,
/// as the hashing and matching loops need. Every view is lent to a closure and valid only while it runs.
@usableFromInline enum EvaluationMemory {}

// MARK: - Borrowed bytes

extension EvaluationMemory {
    /// Bytes borrowed from a string or an array, valid while the closure they were lent to runs.
    ///
    /// Every read through one, a byte or a word loaded eight bytes at a time, is checked against
    /// ``count`` in debug builds.
    @usableFromInline
    struct BorrowedBytes {
        @usableFromInline let buffer: UnsafeBufferPointer<UInt8>

        @inlinable @inline(__always)
        init(_ buffer: UnsafeBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        /// How many bytes there are.
        @inlinable
        var count: Int { buffer.count }

        /// The byte at `position`.
        @inlinable
        subscript(position: Int) -> UInt8 {
            @inline(__always) get {
                assert(position >= 0 && position < buffer.count, "byte \(position) of \(buffer.count)")
                return buffer[position]
            }
        }

        /// The eight bytes from `offset` on as a word, in memory order, at any alignment.
        ///
        /// Not generic over the word's type: a generic load inlined into another module's loop (FNV1a's, into
        /// its callers') made the optimizer keep the hashed string retained around the loop.
        @inlinable @inline(__always)
        func load(_: UInt64.Type, at offset: Int) -> UInt64 {
            assert(offset >= 0 && offset + 8 <= buffer.count, "load at \(offset) of \(buffer.count) bytes")
            return UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        }

        /// Whether the two views hold the same bytes.
        @inlinable @inline(__always)
        func hasSameBytes(as other: BorrowedBytes) -> Bool {
            buffer.elementsEqual(other.buffer)
        }

        /// Whether every byte is ASCII, read eight at a time.
        func isASCII() -> Bool {
            var offset = 0
            while offset + 8 <= count {
                if load(UInt64.self, at: offset) & 0x8080_8080_8080_8080 != 0 { return false }
                offset += 8
            }
            while offset < count {
                if self[offset] >= 0x80 { return false }
                offset += 1
            }
            return true
        }

        /// Writes as many of the bytes from `offset` on as `write(2)` takes in one call to the file open as
        /// `descriptor`: how many it wrote, or -1 with `errno` set.
        func write(from offset: Int, toFile descriptor: Int32) -> Int {
            assert(offset >= 0 && offset <= count, "write from \(offset) of \(count) bytes")
            guard let base = buffer.baseAddress else { return 0 }
            return systemWrite(descriptor, base + offset, count - offset)
        }

        /// Lends the UTF-8 bytes of `string` to `body` when the string stores them contiguously, as native
        /// and small strings do; nil, without calling `body`, when it does not.
        @inlinable @inline(__always)
        static func withUTF8IfAvailable<Result>(of string: String, _ body: (BorrowedBytes) -> Result) -> Result? {
            string.utf8.withContiguousStorageIfAvailable { body(BorrowedBytes($0)) }
        }

        /// Lends the UTF-8 bytes of `first` and of `second` to `body` when both strings store them
        /// contiguously; nil, without calling `body`, when either does not. One closure for the two, which the
        /// optimizer inlines where it did not inline two nested calls of ``withUTF8IfAvailable(of:_:)``.
        @inlinable @inline(__always)
        static func withUTF8IfAvailable<Result>(
            of first: String, and second: String, _ body: (BorrowedBytes, BorrowedBytes) -> Result
        ) -> Result? {
            let result = first.utf8.withContiguousStorageIfAvailable { left in
                second.utf8.withContiguousStorageIfAvailable { right in body(BorrowedBytes(left), BorrowedBytes(right)) }
            }
            return result ?? nil
        }
    }
}

extension Array where Element == UInt8 {
    /// Lends the array's bytes to `body` as a view.
    func withBorrowedBytes<Result>(_ body: (EvaluationMemory.BorrowedBytes) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { try body(EvaluationMemory.BorrowedBytes($0)) }
    }
}

// MARK: - A text's code units

extension EvaluationMemory {
    /// A text's UTF-16 code units, valid while the closure they were lent to runs: an ASCII text's bytes
    /// read in place (each byte is its code unit), any other text's units copied to temporary memory.
    ///
    /// Every read is checked against ``count`` in debug builds.
    struct CodeUnits {
        /// The units: bytes when `isWide` is false, else UTF-16 code units.
        private let base: UnsafeRawPointer
        private let isWide: Bool
        /// How many code units there are.
        let count: Int

        private init(base: UnsafeRawPointer, isWide: Bool, count: Int) {
            self.base = base
            self.isWide = isWide
            self.count = count
        }

        /// The code unit at `position`.
        subscript(position: Int) -> UInt16 {
            @inline(__always) get {
                assert(position >= 0 && position < count, "code unit \(position) of \(count)")
                return isWide
                    ? base.load(fromByteOffset: position &* 2, as: UInt16.self)
                    : UInt16(base.load(fromByteOffset: position, as: UInt8.self))
            }
        }

        /// Lends the code units of `text` to `body`: in place when the text is contiguous ASCII, else copied
        /// (on the stack when short, so that reading a short text allocates nothing).
        static func with<Result>(_ text: String, _ body: (CodeUnits) -> Result) -> Result {
            let inPlace = BorrowedBytes.withUTF8IfAvailable(of: text) { bytes -> Result? in
                guard let base = bytes.buffer.baseAddress, bytes.isASCII() else { return nil }
                return body(CodeUnits(base: UnsafeRawPointer(base), isWide: false, count: bytes.count))
            }
            if let inPlace, let result = inPlace { return result }
            // A UTF-16 text is never longer in units than in UTF-8 bytes.
            return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(text.utf8.count, 1)) { buffer in
                var count = 0
                for unit in text.utf16 {
                    buffer[count] = unit
                    count += 1
                }
                return body(CodeUnits(base: UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped), isWide: true, count: count))
            }
        }
    }
}

// MARK: - Temporary slots

extension EvaluationMemory {
    /// Elements of temporary memory, read and written in place, valid while the closure they were lent to
    /// runs (see ``withTemporarySlots(int32Count:wordCount:_:)``).
    ///
    /// Just the address in release builds, so that a search keeps several of them as cheaply as pointers;
    /// debug builds also keep the count, and check every index against it.
    struct Slots<Element: BitwiseCopyable> {
        private let base: UnsafeMutablePointer<Element>
        #if DEBUG
        private let count: Int
        #endif

        /// The `count` elements at `base`, which must be aligned for `Element`.
        fileprivate init(_ base: UnsafeMutablePointer<Element>, count: Int) {
            assert(Int(bitPattern: base) % MemoryLayout<Element>.alignment == 0, "slots of \(Element.self) misaligned")
            self.base = base
            #if DEBUG
            self.count = count
            #endif
        }

        /// The element at `index`, read and written in place.
        subscript(index: Int) -> Element {
            @inline(__always) get {
                checkIndex(index)
                return base[index]
            }
            @inline(__always) nonmutating set {
                checkIndex(index)
                base[index] = newValue
            }
        }

        /// The `count` slots from `start` on, counted from zero again.
        func slots(from start: Int, count: Int) -> Slots {
            #if DEBUG
            assert(start >= 0 && count >= 0 && start + count <= self.count, "slots \(start)..<\(start + count) of \(self.count)")
            #endif
            return Slots(base + start, count: count)
        }

        /// Debug builds: `index` is one of the slots.
        @inline(__always)
        private func checkIndex(_ index: Int) {
            #if DEBUG
            assert(index >= 0 && index < count, "slot \(index) of \(count)")
            #endif
        }
    }

    /// Runs `body` with `int32Count` `Int32` slots and `wordCount` `UInt64` slots of temporary memory, all
    /// zero, allocated in one block (on the stack when small, so that a short search allocates nothing).
    static func withTemporarySlots<Result>(
        int32Count: Int, wordCount: Int, _ body: (Slots<Int32>, Slots<UInt64>) -> Result
    ) -> Result {
        // The words first, at the block's alignment of 8, then the 32-bit slots.
        let wordBytes = wordCount * MemoryLayout<UInt64>.stride
        let byteCount = wordBytes + int32Count * MemoryLayout<Int32>.stride
        return withUnsafeTemporaryAllocation(byteCount: max(byteCount, 8), alignment: MemoryLayout<UInt64>.alignment) { memory in
            memory.initializeMemory(as: UInt8.self, repeating: 0)
            let base = memory.baseAddress.unsafelyUnwrapped
            let words = base.bindMemory(to: UInt64.self, capacity: wordCount)
            let int32s = (base + wordBytes).bindMemory(to: Int32.self, capacity: int32Count)
            return body(Slots(int32s, count: int32Count), Slots(words, count: wordCount))
        }
    }
}

// MARK: - Borrowed elements

extension EvaluationMemory {
    /// An array's elements, read in place: an element's property is read without copying the element
    /// and retaining everything in it, as reading an array's element would. Valid while the closure it
    /// was lent to runs (see `Array.withBorrowedElements(_:)`).
    ///
    /// Every index is checked against ``count`` in debug builds.
    struct BorrowedElements<Element>: RandomAccessCollection {
        private let buffer: UnsafeBufferPointer<Element>

        /// The elements of `buffer`, which must stay valid while the view is used.
        fileprivate init(_ buffer: UnsafeBufferPointer<Element>) {
            self.buffer = buffer
        }

        var startIndex: Int { 0 }
        var endIndex: Int { buffer.count }

        /// The element at `position`, borrowed in place.
        subscript(position: Int) -> Element {
            @inline(__always) unsafeAddress {
                assert(position >= 0 && position < buffer.count, "element \(position) of \(buffer.count)")
                return buffer.baseAddress.unsafelyUnwrapped + position
            }
        }
    }
}

extension Array {
    /// Lends the array's elements to `body`, to be read in place.
    func withBorrowedElements<Result>(_ body: (EvaluationMemory.BorrowedElements<Element>) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { try body(EvaluationMemory.BorrowedElements($0)) }
    }
}

// MARK: - Reading files

extension EvaluationMemory {
    /// Reads into `buffer` from `offset` to its end with one `read(2)` from the file open as `descriptor`: how
    /// many bytes it read, 0 at the end of the file, or -1 with `errno` set. `BoundedFile` reads through it.
    static func read(fromFile descriptor: Int32, into buffer: inout Data, from offset: Int) -> Int {
        precondition(offset >= 0 && offset <= buffer.count, "read into \(offset) of \(buffer.count) bytes")
        return buffer.withUnsafeMutableBytes { room in
            guard let base = room.baseAddress, offset < room.count else { return 0 }
            return systemRead(descriptor, base + offset, room.count - offset)
        }
    }
}

extension EvaluationMemory {
    /// The path the symbolic link `path` holds, read with `readlink(2)`; nil when `path` is no symbolic link
    /// or cannot be read.
    static func symbolicLinkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

// MARK: - System calls

/// The system's `read(2)`, under a name apart from `EvaluationMemory.read`.
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}

/// The system's `write(2)`, under a name apart from the views' method of the same name.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
