/// JSON lines being encoded into memory the buffer manages itself, so that appending a
/// fragment is a capacity check and a copy.
///
/// The one place event lines are escaped and assembled: `JSONLineEncoder` and the simulation's
/// `SessionLineWriter` both write through it. Package API, inlinable so that the simulation's
/// recorder in VariantHost compiles it into its own loop. Every append reserves room for what it
/// writes and writes through a view of that room (``EventLineMemory``), which debug builds check every
/// write against.
package final class LineBuffer {
    // Accessed only by this class's own short methods, never overlapping: the run-time
    // exclusivity checks would cost more than the appends they guard.
    /// The memory the bytes are written into, replaced by a larger one when full (the old one freed as it goes).
    @usableFromInline @exclusivity(unchecked) var memory: FixedSlots<UInt8>
    /// The number of bytes written.
    @usableFromInline @exclusivity(unchecked) package internal(set) var count = 0

    /// Creates an empty buffer holding `capacity` bytes (at least 64) before it grows.
    package init(capacity: Int) {
        memory = .uninitializedBytes(count: max(capacity, 64))
    }

    /// A copy of the bytes written.
    package var bytes: [UInt8] {
        memory.bytes(0..<count).copied()
    }

    /// A copy of the bytes written from `offset` on.
    package func bytes(from offset: Int) -> [UInt8] {
        precondition(offset >= 0 && offset <= count, "offset \(offset) outside the \(count) bytes written")
        return memory.bytes(offset..<count).copied()
    }

    /// Calls `body` with the bytes written, without copying them; they must not escape it.
    package func withBytes<Result, Failure: Error>(
        _ body: (ByteView) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(memory.bytes(0..<count))
    }

    /// Appends `bytes`.
    @inlinable @inline(__always)
    package func append(_ bytes: ByteView) {
        reserve(bytes.count)
        memory.room(count..<count + bytes.count).copy(bytes, at: 0)
        count += bytes.count
    }

    /// Appends `bytes`.
    @inlinable
    package func append(_ bytes: [UInt8]) {
        bytes.withByteView { append($0) }
    }

    /// Appends the UTF-8 of `text`.
    @inlinable @inline(__always)
    package func append(_ text: StaticString) {
        append(ByteView(text))
    }

    /// Appends one byte.
    @inlinable
    package func append(_ byte: UInt8) {
        reserve(1)
        memory.view[count] = byte
        count += 1
    }

    /// Appends `value` as a JSON string literal, escaping quotes, backslashes, control characters and the
    /// Unicode line breaks NEL, U+2028 and U+2029, so that no line splitter finds a line break inside a line.
    @inlinable
    package func appendJSONString(_ value: String) {
        ByteView.withUTF8(of: value) { appendJSONString(utf8: $0) }
    }

    /// Appends the UTF-8 text `utf8` as a JSON string literal; see `appendJSONString(_:)`.
    @inlinable
    func appendJSONString(utf8: ByteView) {
        // At most 6 bytes (`\u00XX`) per byte, and the quotes.
        reserve(utf8.count * 6 + 2)
        let out = memory.room(count..<memory.count)
        out[0] = UInt8(ascii: "\"")
        var written = 1
        var index = 0
        while index < utf8.count {
            // Most text needs no escaping: copy eight bytes at a time while none of them may
            // start an escape, then byte by byte up to the one that does.
            while index + 8 <= utf8.count {
                let word = utf8.load(UInt64.self, at: index)
                guard !Self.mayStartEscape(inAnyByteOf: word) else { break }
                out.store(word, at: written)
                written += 8
                index += 8
            }
            var runEnd = index
            while runEnd < utf8.count, !Self.mayStartEscape(utf8[runEnd]) { runEnd += 1 }
            out.copy(utf8.bytes(index..<runEnd), at: written)
            written += runEnd - index
            index = runEnd
            guard index < utf8.count else { break }
            if let escape = Self.escapeSequence(in: utf8, at: index) {
                out.copy(ByteView(escape.text), at: written)
                written += escape.text.utf8CodeUnitCount
                index += escape.length
            } else {
                out[written] = utf8[index]
                written += 1
                index += 1
            }
        }
        out[written] = UInt8(ascii: "\"")
        count += written + 1
    }

    /// Whether an escape sequence may start at any of the eight bytes of `word`: whether one is a
    /// control character, a quote or a backslash, or has its high bit set (a superset of C2 and E2).
    @inlinable @inline(__always)
    static func mayStartEscape(inAnyByteOf word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // The classic tests for a byte below n (n <= 128) and for a zero byte, on all eight at once.
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let matches = (quote &- ones) & ~quote | (backslash &- ones) & ~backslash
        return (control | matches | word) & highBits != 0
    }

    /// Whether an escape sequence may start at `byte`: a control character, a quote, a backslash,
    /// or the first byte of NEL (C2 85) or of U+2028/U+2029 (E2 80 A8/A9).
    @inlinable @inline(__always)
    static func mayStartEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xC2 || byte == 0xE2
    }

    /// Appends the decimal digits of `value`, with a minus sign when negative: `String(value)`.
    @inlinable
    package func appendDecimal(_ value: Int) {
        // 20 bytes hold any Int's digits and sign.
        reserve(20)
        count += DecimalText.write(value, to: memory.room(count..<count + 20))
    }

    /// Appends `value` as `String(value)` writes it (`0.036`) when it is a multiple of 1/10,000
    /// strictly between 0 and 1, as a hash bucket is, and says whether it did; appends nothing otherwise.
    ///
    /// Such a value is the double nearest its decimal of at most four places, whose shortest
    /// round-tripping text, which `String` writes, is that decimal without trailing zeros.
    @inlinable
    package func appendTenThousandths(_ value: Double) -> Bool {
        guard value > 0, value < 1 else { return false }
        let scaled = (value * 10_000).rounded()
        guard scaled >= 1, scaled <= 9_999, scaled / 10_000 == value else { return false }
        var digits = Int(scaled)
        var length = 4
        while digits % 10 == 0 {
            digits /= 10
            length -= 1
        }
        reserve(6)
        let out = memory.room(count..<count + 6)
        out[0] = UInt8(ascii: "0")
        out[1] = UInt8(ascii: ".")
        var position = 2 + length
        count += position
        while length > 0 {
            position -= 1
            out[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits % 10)
            digits /= 10
            length -= 1
        }
        return true
    }

    /// Appends `value` as a JSON string literal, or `null`.
    @inlinable
    package func appendJSONStringOrNull(_ value: String?) {
        if let value {
            appendJSONString(value)
        } else {
            append("null")
        }
    }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > memory.count { grow(toHold: extra) }
    }

    /// Moves the bytes written into memory with room for `extra` more, at least twice the old.
    @usableFromInline @inline(never)
    func grow(toHold extra: Int) {
        let larger = FixedSlots<UInt8>.uninitializedBytes(count: max(memory.count * 2, count + extra))
        larger.room(0..<count).copy(memory.bytes(0..<count), at: 0)
        memory = larger
    }

    /// The JSON escape of the character whose UTF-8 encoding starts at `index`, and that encoding's length; nil
    /// for a character written as it is.
    @usableFromInline
    static func escapeSequence(in utf8: ByteView, at index: Int) -> (text: StaticString, length: Int)? {
        let byte = utf8[index]
        switch byte {
        case UInt8(ascii: "\""): return (#"\""#, 1)
        case UInt8(ascii: "\\"): return (#"\\"#, 1)
        case UInt8(ascii: "\n"): return (#"\n"#, 1)
        case UInt8(ascii: "\r"): return (#"\r"#, 1)
        case UInt8(ascii: "\t"): return (#"\t"#, 1)
        case ..<0x20: return (controlEscapes[Int(byte)], 1)
        case 0xC2 where index + 1 < utf8.count && utf8[index + 1] == 0x85:
            return (#"\u0085"#, 2)
        case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && utf8[index + 2] == 0xA8:
            return (#"\u2028"#, 3)
        case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && utf8[index + 2] == 0xA9:
            return (#"\u2029"#, 3)
        default: return nil
        }
    }

    /// `\u0000` to `\u001f`, by control character.
    @usableFromInline static let controlEscapes: [StaticString] = [
        #"\u0000"#, #"\u0001"#, #"\u0002"#, #"\u0003"#, #"\u0004"#, #"\u0005"#, #"\u0006"#, #"\u0007"#,
        #"\u0008"#, #"\u0009"#, #"\u000a"#, #"\u000b"#, #"\u000c"#, #"\u000d"#, #"\u000e"#, #"\u000f"#,
        #"\u0010"#, #"\u0011"#, #"\u0012"#, #"\u0013"#, #"\u0014"#, #"\u0015"#, #"\u0016"#, #"\u0017"#,
        #"\u0018"#, #"\u0019"#, #"\u001a"#, #"\u001b"#, #"\u001c"#, #"\u001d"#, #"\u001e"#, #"\u001f"#,
    ]
}
