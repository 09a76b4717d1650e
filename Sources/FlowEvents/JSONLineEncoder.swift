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

    /// Appends `value` as a JSON string literal, escaping quotes, backslashes and control characters.
    public static func appendString(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Most strings need no escaping: copy runs of plain bytes in bulk.
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(for: byte, to: &bytes)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(for byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
        case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
        case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
        case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
        default:
            let hexDigits: StaticString = "0123456789abcdef"
            bytes.append(contentsOf: #"\u00"#.utf8)
            hexDigits.withUTF8Buffer { digits in
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0xF)])
            }
        }
    }

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
