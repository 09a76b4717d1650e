/// The one JSON parser: strict RFC 8259, over UTF-8 bytes, reporting the line and column of
/// malformed input.
///
/// A string that is not valid UTF-8 is an error located at its opening quote, and a lone UTF-16
/// surrogate in a `\u` escape (`"\ud800"`), which JavaScript strings can hold but Unicode text
/// cannot, is an error located at the escape: neither is silently repaired to U+FFFD. Nesting
/// deeper than the reader's maximum depth is an error, never a stack overflow.
package enum JSONTextParser {
    /// The one value `bytes` hold, surrounded by optional whitespace.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text; read in place when the collection stores its bytes contiguously
    ///     (an array, a line of a log), else copied first.
    ///   - maximumDepth: The deepest nesting of objects and arrays accepted.
    ///   - refusesDuplicateKeys: Whether a key given twice in one object is an error naming its path
    ///     (`experiments[0].coverage`), rather than a member kept twice.
    ///   - skipsByteOrderMark: Whether a leading UTF-8 byte order mark, which some editors write, is skipped.
    package static func parse(
        _ bytes: some Collection<UInt8>, maximumDepth: Int, refusesDuplicateKeys: Bool, skipsByteOrderMark: Bool
    ) throws(JSONSyntaxError) -> JSONNode {
        let parsed = JSONInputBytes.with(bytes) { view in
            Result { () throws(JSONSyntaxError) in
                try parseContiguous(
                    view, maximumDepth: maximumDepth, refusesDuplicateKeys: refusesDuplicateKeys,
                    skipsByteOrderMark: skipsByteOrderMark
                )
            }
        }
        return try parsed.get()
    }

    /// The one value of `bytes`, the parser's only view of memory: a cursor reads it by index.
    private static func parseContiguous(
        _ bytes: JSONInputBytes, maximumDepth: Int, refusesDuplicateKeys: Bool, skipsByteOrderMark: Bool
    ) throws(JSONSyntaxError) -> JSONNode {
        var cursor = Cursor(bytes: bytes, maximumDepth: maximumDepth, refusesDuplicateKeys: refusesDuplicateKeys)
        if skipsByteOrderMark, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            cursor.position = 3
        }
        cursor.skipWhitespace()
        let value = try cursor.parseValue(depth: 0)
        cursor.skipWhitespace()
        if cursor.position < bytes.count {
            throw cursor.error("unexpected text after the JSON value")
        }
        return value
    }
}

/// A position in the bytes being parsed, and the path to the value at it.
private struct Cursor {
    let bytes: JSONInputBytes
    let maximumDepth: Int
    let refusesDuplicateKeys: Bool
    var position = 0
    /// The keys and indices leading to the value being parsed, kept only to name a repeated key.
    private var path: [String] = []

    init(bytes: JSONInputBytes, maximumDepth: Int, refusesDuplicateKeys: Bool) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.refusesDuplicateKeys = refusesDuplicateKeys
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, byteOffset: offset ?? position, in: bytes)
    }

    var current: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    mutating func skipWhitespace() {
        while let byte = current,
              byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t") {
            position += 1
        }
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard let byte = current else { throw error("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"):
            return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["):
            return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        default:
            throw error("unexpected character \(describe(byte)), expected a value")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        guard bytes.hasPrefix(literal, at: position) else { throw error("invalid literal, expected '\(literal)'") }
        position += literal.utf8CodeUnitCount
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth <= maximumDepth else { throw error("nesting deeper than \(maximumDepth) levels") }
        position += 1
        var members: [(key: String, value: JSONNode)] = []
        // Keys compare by their bytes: "é" and "e\u{301}" are two keys, as in JavaScript.
        var keys = Set<[UInt8]>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key in object") }
            let keyStart = position
            let key = try parseString()
            if refusesDuplicateKeys {
                path.append(path.isEmpty ? key : "." + key)
                guard keys.insert(Array(key.utf8)).inserted else {
                    throw error("duplicate key \(path.joined()): each key may appear once in an object", at: keyStart)
                }
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after object key \"\(key)\"") }
            position += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth)))
            if refusesDuplicateKeys { path.removeLast() }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default:
                throw error("expected ',' or '}' after object member \"\(key)\"")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth <= maximumDepth else { throw error("nesting deeper than \(maximumDepth) levels") }
        position += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if refusesDuplicateKeys { path.append("[\(elements.count)]") }
            elements.append(try parseValue(depth: depth))
            if refusesDuplicateKeys { path.removeLast() }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default:
                throw error("expected ',' or ']' after array element")
            }
        }
    }

    /// Parses a string starting at its opening quote.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = position
        position += 1
        // Strings without escapes, the common case, are validated and made in one go.
        while let byte = current, byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            position += 1
        }
        if current == UInt8(ascii: "\"") {
            position += 1
            guard let string = bytes.string(validatingUTF8: start + 1..<position - 1) else {
                throw error("invalid UTF-8 in string", at: start)
            }
            return string
        }
        return try parseEscapedString(from: start, plainUpTo: position)
    }

    /// Parses the rest of a string with escapes or an error in it: `bytes[start + 1..<plainEnd]` are plain.
    private mutating func parseEscapedString(from start: Int, plainUpTo plainEnd: Int) throws(JSONSyntaxError) -> String {
        var units: [UInt16] = []
        var utf8 = Array(bytes[start + 1..<plainEnd])
        // Where the escape of a high surrogate waiting for its low half starts.
        var pendingHighSurrogate: Int?
        func loneSurrogate(at offset: Int) -> JSONSyntaxError {
            let text = bytes.string(decodingUTF8: offset..<min(offset + 6, bytes.count))
            return error("lone UTF-16 surrogate \(text) is not Unicode text (a surrogate escape needs its pair)", at: offset)
        }
        // Plain runs are copied as UTF-8; escapes are decoded as UTF-16 so surrogate pairs can be joined.
        func flushUnits() {
            guard !units.isEmpty else { return }
            utf8.append(contentsOf: String(decoding: units, as: UTF16.self).utf8)
            units.removeAll(keepingCapacity: true)
        }
        while true {
            guard let byte = current else { throw error("unterminated string", at: start) }
            if let pending = pendingHighSurrogate, byte != UInt8(ascii: "\\") || bytes.dropFirst(position + 1).first != UInt8(ascii: "u") {
                throw loneSurrogate(at: pending)
            }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                flushUnits()
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw error("invalid UTF-8 in string", at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                position += 1
                guard let escaped = current else { throw error("unterminated string", at: start) }
                position += 1
                switch escaped {
                case UInt8(ascii: "\""): units.append(0x22)
                case UInt8(ascii: "\\"): units.append(0x5C)
                case UInt8(ascii: "/"): units.append(0x2F)
                case UInt8(ascii: "b"): units.append(0x08)
                case UInt8(ascii: "f"): units.append(0x0C)
                case UInt8(ascii: "n"): units.append(0x0A)
                case UInt8(ascii: "r"): units.append(0x0D)
                case UInt8(ascii: "t"): units.append(0x09)
                case UInt8(ascii: "u"):
                    let escapeStart = position - 2
                    let unit = try parseHexQuad()
                    if UTF16.isLeadSurrogate(unit) {
                        if let pending = pendingHighSurrogate { throw loneSurrogate(at: pending) }
                        pendingHighSurrogate = escapeStart
                    } else if UTF16.isTrailSurrogate(unit) {
                        guard pendingHighSurrogate != nil else { throw loneSurrogate(at: escapeStart) }
                        pendingHighSurrogate = nil
                    } else if let pending = pendingHighSurrogate {
                        throw loneSurrogate(at: pending)
                    }
                    units.append(unit)
                default:
                    throw error("invalid escape sequence '\\\(Character(Unicode.Scalar(escaped)))'", at: position - 2)
                }
            case 0..<0x20:
                throw error("unescaped control character in string")
            default:
                flushUnits()
                utf8.append(byte)
                position += 1
            }
        }
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt16 {
        guard position + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt16
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt16(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt16(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt16(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// Parses `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?` and gives its text.
    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, isDigit(first) else { throw error("expected a digit in number") }
        if first == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard let byte = current, isDigit(byte) else { throw error("expected a digit after the decimal point") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let byte = current, isDigit(byte) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        return bytes.string(decodingUTF8: start..<position)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { position += 1 }
    }
}
