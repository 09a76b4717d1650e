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
        var isFirst = true
        for key in event.properties.keys.sorted() {
            if !isFirst { bytes.append(UInt8(ascii: ",")) }
            isFirst = false
            appendString(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            appendString(event.properties[key] ?? "", to: &bytes)
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
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hexDigits = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
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
