/// UTF-8 text the parser borrows: the whole input, or a string's bytes within it, valid while the
/// closure it was lent to runs (see ``with(_:_:)``). The one place JSONCore touches memory through
/// pointers: no other file of the module holds one.
///
/// A collection, so that the standard library's algorithms read it. Debug builds, which run the whole test
/// suite, check every byte read against ``count``; release builds compile the checks (`assert`s) away, as
/// the parser's byte-at-a-time loops need.
struct JSONInputBytes: RandomAccessCollection {
    private let buffer: UnsafeBufferPointer<UInt8>

    private init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// Lends `bytes` to `body`: in place when the collection stores them contiguously (an array, a line of
    /// a log), else as a copy.
    static func with<Result>(_ bytes: some Collection<UInt8>, _ body: (JSONInputBytes) throws -> Result) rethrows -> Result {
        if let result = try bytes.withContiguousStorageIfAvailable({ try body(JSONInputBytes($0)) }) {
            return result
        }
        return try Array(bytes).withUnsafeBufferPointer { try body(JSONInputBytes($0)) }
    }

    /// How many bytes there are.
    var count: Int { buffer.count }
    var startIndex: Int { 0 }
    var endIndex: Int { buffer.count }

    /// The byte at `position`.
    subscript(position: Int) -> UInt8 {
        @inline(__always) get {
            assert(position >= 0 && position < buffer.count, "byte \(position) of \(buffer.count)")
            return buffer[position]
        }
    }

    /// Lends the bytes to `body` as contiguous storage, which the standard library's generic readers
    /// (`Array.init`, `String(decoding:as:)`) take their fast path on.
    @inline(__always)
    func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try body(buffer)
    }

    /// Whether the bytes from `offset` on begin with the UTF-8 of `literal`.
    func hasPrefix(_ literal: StaticString, at offset: Int) -> Bool {
        assert(offset >= 0 && offset <= buffer.count, "prefix at \(offset) of \(buffer.count) bytes")
        return literal.withUTF8Buffer { expected in
            guard offset + expected.count <= buffer.count else { return false }
            for position in 0..<expected.count where buffer[offset + position] != expected[position] {
                return false
            }
            return true
        }
    }

    /// The string whose UTF-8 the bytes in `range` are, or nil when they are not valid UTF-8.
    func string(validatingUTF8 range: Range<Int>) -> String? {
        assert(range.lowerBound >= 0 && range.upperBound <= buffer.count, "bytes \(range) of \(buffer.count)")
        return String(validating: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }

    /// The string whose UTF-8 the bytes in `range` are, an invalid sequence read as U+FFFD.
    func string(decodingUTF8 range: Range<Int>) -> String {
        assert(range.lowerBound >= 0 && range.upperBound <= buffer.count, "bytes \(range) of \(buffer.count)")
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }
}
