/// A strict JSON parser (RFC 8259) over the bytes of one line, for lines the canonical scanner
/// does not understand.
///
/// Never traps: nesting deeper than `maximumDepth`, invalid UTF-8, lone surrogates and any
/// syntax error make `parse` return nil.
struct JSONBytesParser {
    /// Deepest nesting of objects and arrays accepted; an event line needs 2.
    static let maximumDepth = 32

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The value `bytes` hold, surrounded by optional whitespace, or nil when they hold no valid JSON.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        var parser = JSONBytesParser(bytes: bytes)
        guard let value = parser.parseValue() else { return nil }
        parser.skipWhitespace()
        return parser.index == bytes.count ? value : nil
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            index += 1
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    private mutating func parseValue() -> JSONValue? {
        skipWhitespace()
        guard let byte = current else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return parseObject()
        case UInt8(ascii: "["): return parseArray()
        case UInt8(ascii: "\""): return parseString().map(JSONValue.string)
        case UInt8(ascii: "t"): return parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return parseLiteral("null", .null)
        default: return parseNumber()
        }
    }

    private mutating func parseLiteral(_ literal: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return nil }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] {
            return nil
        }
        index += count
        return value
    }

    private mutating func parseObject() -> JSONValue? {
        guard depth < Self.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1  // "{"
        var members: [JSONMember] = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\""), let key = parseString() else { return nil }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")), let value = parseValue() else { return nil }
            members.append(JSONMember(key: key, value: value))
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "}")) ? .object(members) : nil
        }
    }

    private mutating func parseArray() -> JSONValue? {
        guard depth < Self.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1  // "["
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            guard let element = parseValue() else { return nil }
            elements.append(element)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "]")) ? .array(elements) : nil
        }
    }

    /// Parses `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, keeping its text: any length is fine.
    private mutating func parseNumber() -> JSONValue? {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            // A leading zero stands alone.
        } else {
            guard skipDigits() else { return nil }
        }
        if consume(UInt8(ascii: ".")) {
            guard skipDigits() else { return nil }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard skipDigits() else { return nil }
        }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    /// Skips one or more ASCII digits; false when there is none.
    private mutating func skipDigits() -> Bool {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            index += 1
        }
        return index > start
    }

    /// Parses a string starting at its opening quote.
    private mutating func parseString() -> String? {
        index += 1  // opening quote
        let start = index
        // Strings without escapes, the common case, are validated and copied in one go.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { return nil }
            index += 1
        }
        guard let stop = current else { return nil }
        if stop == UInt8(ascii: "\"") {
            index += 1
            return String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
        }
        var decoded = Array(bytes[start..<index])
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard appendEscape(to: &decoded) else { return nil }
            case 0..<0x20:
                return nil
            default:
                decoded.append(byte)
            }
        }
        return nil
    }

    /// Decodes the escape after a backslash and appends its UTF-8 bytes.
    private mutating func appendEscape(to decoded: inout [UInt8]) -> Bool {
        guard let escape = current else { return false }
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            guard let unit = parseHexQuad() else { return false }
            var scalarValue = UInt32(unit)
            if (0xD800..<0xDC00).contains(unit) {
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")),
                      let low = parseHexQuad(), (0xDC00..<0xE000).contains(low)
                else { return false }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { return false }  // lone low surrogate
            decoded.append(contentsOf: scalar.utf8)
        default:
            return false
        }
        return true
    }

    private mutating func parseHexQuad() -> UInt16? {
        guard bytes.count - index >= 4 else { return nil }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }
}
