import FlowEvents

/// JSON lines being encoded into memory the buffer manages itself, so that appending a
/// fragment is a capacity check and a copy.
final class LineBuffer {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    /// A copy of the bytes written.
    var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: start, count: count))
    }

    @inline(__always)
    func append(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        if let base = bytes.baseAddress {
            (start + count).initialize(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }
        count += bytes.count
    }

    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    func append(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    /// Appends `value` as a JSON string literal, escaped exactly as `JSONLineEncoder` escapes it.
    func appendJSONString(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else {
                append(#""""#)
                return
            }
            // At most 6 bytes (`\u00XX`) per byte, and the quotes.
            reserve(utf8.count * 6 + 2)
            var out = start + count
            out.pointee = UInt8(ascii: "\"")
            out += 1
            var index = 0
            while index < utf8.count {
                // Most text needs no escaping: copy each run of such bytes in one go.
                var runEnd = index
                while runEnd < utf8.count, !Self.mayStartEscape(utf8[runEnd]) { runEnd += 1 }
                out.initialize(from: base + index, count: runEnd - index)
                out += runEnd - index
                index = runEnd
                guard index < utf8.count else { break }
                if let escape = JSONLineEncoder.escapeSequence(in: utf8, at: index) {
                    out.initialize(from: escape.text.utf8Start, count: escape.text.utf8CodeUnitCount)
                    out += escape.text.utf8CodeUnitCount
                    index += escape.length
                } else {
                    out.pointee = utf8[index]
                    out += 1
                    index += 1
                }
            }
            out.pointee = UInt8(ascii: "\"")
            count = out + 1 - start
        }
    }

    /// Whether an escape sequence may start at `byte`: a control character, a quote, a backslash,
    /// or the first byte of NEL (C2 85) or of U+2028/U+2029 (E2 80 A8/A9).
    @inline(__always)
    private static func mayStartEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xC2 || byte == 0xE2
    }

    /// Appends `value` as a JSON string literal, or `null`.
    func appendJSONStringOrNull(_ value: String?) {
        if let value {
            appendJSONString(value)
        } else {
            append("null")
        }
    }

    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toHold: extra) }
    }

    @inline(never)
    private func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.moveInitialize(from: start, count: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }
}
