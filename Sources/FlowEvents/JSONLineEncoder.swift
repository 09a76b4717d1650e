/// Writes events as JSON Lines: one JSON object and a newline per event, keys in schema order.
///
/// Hand-written rather than `JSONEncoder` because it sits on the simulation's hot path and must
/// produce byte-identical output for identical events (property keys sorted, fixed key order).
public enum JSONLineEncoder {
    /// Appends `event` as one JSON line, newline included, to `bytes`.
    public static func append(_ event: FlowEvent, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"schema":"#.utf8)
        appendInteger(event.schemaVersion, to: &bytes)
        bytes.append(contentsOf: #","time":""#.utf8)
        event.time.append(to: &bytes)
        bytes.append(contentsOf: #"","session":"#.utf8)
        appendString(event.session, to: &bytes)
        bytes.append(contentsOf: #","user":"#.utf8)
        appendString(event.user, to: &bytes)
        bytes.append(contentsOf: #","experiment":"#.utf8)
        appendOptionalString(event.experiment, to: &bytes)
        bytes.append(contentsOf: #","variant":"#.utf8)
        appendOptionalString(event.variant, to: &bytes)
        bytes.append(contentsOf: #","type":""#.utf8)
        bytes.append(contentsOf: event.type.rawValue.utf8)
        bytes.append(contentsOf: #"","screen":"#.utf8)
        appendOptionalString(event.screen, to: &bytes)
        bytes.append(contentsOf: #","action":"#.utf8)
        appendOptionalString(event.action, to: &bytes)
        bytes.append(contentsOf: #","properties":{"#.utf8)
        if event.properties.count == 1, let (key, value) = event.properties.first {
            appendMember(key, value, to: &bytes)
        } else if !event.properties.isEmpty {
            for (index, member) in event.properties.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                appendMember(member.key, member.value, to: &bytes)
            }
        }
        bytes.append(contentsOf: "}}\n".utf8)
    }

    /// The JSON line of `event`, newline included.
    public static func line(for event: FlowEvent) -> String {
        var bytes: [UInt8] = []
        append(event, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` as a JSON string literal, escaping quotes, backslashes, control characters and the
    /// Unicode line breaks NEL, U+2028 and U+2029, so that no line splitter finds a line break inside a line.
    public static func appendString(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Most strings need no escaping: copy runs of plain bytes in bulk.
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xC2 || byte == 0xE2,
                      let escape = escapeSequence(in: utf8, at: index)
                else {
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                escape.text.withUTF8Buffer { bytes.append(contentsOf: $0) }
                index += escape.length
                runStart = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The JSON escape of the character whose UTF-8 encoding starts at `index`, and that encoding's length; nil
    /// for a character written as it is.
    ///
    /// Shared with the simulation's line writer, which must escape exactly as this encoder does.
    public static func escapeSequence(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (text: StaticString, length: Int)? {
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
    private static let controlEscapes: [StaticString] = [
        #"\u0000"#, #"\u0001"#, #"\u0002"#, #"\u0003"#, #"\u0004"#, #"\u0005"#, #"\u0006"#, #"\u0007"#,
        #"\u0008"#, #"\u0009"#, #"\u000a"#, #"\u000b"#, #"\u000c"#, #"\u000d"#, #"\u000e"#, #"\u000f"#,
        #"\u0010"#, #"\u0011"#, #"\u0012"#, #"\u0013"#, #"\u0014"#, #"\u0015"#, #"\u0016"#, #"\u0017"#,
        #"\u0018"#, #"\u0019"#, #"\u001a"#, #"\u001b"#, #"\u001c"#, #"\u001d"#, #"\u001e"#, #"\u001f"#,
    ]

    private static func appendMember(_ key: String, _ value: String, to bytes: inout [UInt8]) {
        appendString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendString(value, to: &bytes)
    }

    private static func appendOptionalString(_ value: String?, to bytes: inout [UInt8]) {
        if let value {
            appendString(value, to: &bytes)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
    }

    private static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: String(value).utf8)
    }
}
