package import Foundation

/// A strict RFC 8259 JSON parser that reports the line and column of malformed input.
///
/// A leading UTF-8 byte order mark is skipped; a string that is not valid UTF-8 is a syntax error located at its
/// opening quote, rather than text silently repaired with U+FFFD.
///
/// Objects keep their key order (see ``JSONObject``). A key that appears twice in one object is a syntax error
/// naming its path (`experiments[0].coverage`): which value should win is a guess, and the last one silently
/// winning has turned a config into one that excludes everyone. A lone UTF-16 surrogate in a `\u` escape
/// (`"\ud800"`), which JavaScript strings can hold but Unicode text cannot, is a syntax error located at the
/// escape: repairing it to U+FFFD would silently hash and compare a different string than GrowthBook's SDKs do.
package enum JSONParser {
    /// Nesting deeper than this is rejected rather than risking the stack.
    package static let maximumDepth = 512

    /// Parses a complete JSON document from UTF-8 `data`.
    package static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        let bytes = [UInt8](data)
        return try parse(bytes)
    }

    /// Parses a complete JSON document from `text`.
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            do throws(JSONSyntaxError) {
                // RFC 8259 allows ignoring a UTF-8 byte order mark, which some editors write.
                if buffer.starts(with: [0xEF, 0xBB, 0xBF]) {
                    reader.position = 3
                }
                reader.skipWhitespace()
                let value = try reader.parseValue(depth: 0)
                reader.skipWhitespace()
                if reader.position < buffer.count {
                    throw reader.error("unexpected text after the JSON value")
                }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// A cursor over UTF-8 bytes.
private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// The keys and indices leading to the value being parsed, for errors that name a path.
    private var path: [String] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
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

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
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
        let start = position
        let length = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            guard start + length <= bytes.count else { return false }
            for offset in 0..<length where bytes[start + offset] != expected[offset] {
                return false
            }
            return true
        }
        guard matches else { throw error("invalid literal, expected '\(literal)'") }
        position += length
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else { throw error("nesting deeper than \(JSONParser.maximumDepth) levels") }
        position += 1
        var object = JSONObject()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key in object") }
            let keyStart = position
            let key = try parseString()
            path.append(path.isEmpty ? key : "." + key)
            defer { path.removeLast() }
            if object[key] != nil {
                throw error("duplicate key \(path.joined()): each key may appear once in an object", at: keyStart)
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after object key \"\(key)\"") }
            position += 1
            skipWhitespace()
            object[key] = try parseValue(depth: depth)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(object)
            default:
                throw error("expected ',' or '}' after object member \"\(key)\"")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else { throw error("nesting deeper than \(JSONParser.maximumDepth) levels") }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            path.append("[\(elements.count)]")
            defer { path.removeLast() }
            elements.append(try parseValue(depth: depth))
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

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = position
        position += 1
        var units: [UInt16] = []
        var utf8: [UInt8] = []
        // Where the escape of a high surrogate waiting for its low half starts.
        var pendingHighSurrogate: Int?
        func loneSurrogate(at offset: Int) -> JSONSyntaxError {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<min(offset + 6, bytes.count)]), as: UTF8.self)
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

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
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
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number", at: start) }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { position += 1 }
    }
}
