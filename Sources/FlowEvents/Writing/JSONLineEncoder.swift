/// Writes events as JSON Lines: one JSON object and a newline per event, keys in schema order.
///
/// Hand-written rather than `JSONEncoder` so that identical events give identical bytes (property
/// keys sorted, fixed key order). Every line is laid out by `SessionLineWriter` and escaped by
/// `LineBuffer`, which the simulation also writes through, so the log format is written in one place.
public enum JSONLineEncoder {
    /// Appends `event` as one JSON line, newline included, to `bytes`.
    public static func append(_ event: FlowEvent, to bytes: inout [UInt8]) {
        let line = LineBuffer(capacity: 256)
        append(event, to: line)
        line.withBytes { $0.append(to: &bytes) }
    }

    /// Appends `event` as one JSON line, newline included, to `line`, in the layout of `SessionLineWriter`.
    static func append(_ event: FlowEvent, to line: LineBuffer) {
        let writer = SessionLineWriter(session: event.session, user: event.user)
        writer.append(
            to: line, schema: event.schemaVersion, time: event.time, sequence: event.sequence, type: event.type,
            attribution: writer.attribution(experiment: event.experiment, variant: event.variant),
            screen: event.screen, action: event.action
        ) { properties in
            if event.properties.count == 1, let (key, value) = event.properties.first {
                properties.add(key: key, value: value)
            } else {
                for member in event.properties.sorted(by: { $0.key < $1.key }) {
                    properties.add(key: member.key, value: member.value)
                }
            }
        }
    }

    /// The JSON line of `event`, newline included.
    public static func line(for event: FlowEvent) -> String {
        var bytes: [UInt8] = []
        append(event, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` as a JSON string literal, escaping quotes, backslashes, control characters and the
    /// Unicode line breaks NEL, U+2028 and U+2029, so that no line splitter finds a line break inside a line.
    package static func appendString(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        ByteView.withUTF8(of: value) { utf8 in
            // Most strings need no escaping: copy runs of plain bytes in bulk.
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                guard LineBuffer.mayStartEscape(byte), let escape = LineBuffer.escapeSequence(in: utf8, at: index)
                else {
                    index += 1
                    continue
                }
                utf8.bytes(runStart..<index).append(to: &bytes)
                ByteView(escape.text).append(to: &bytes)
                index += escape.length
                runStart = index
            }
            utf8.bytes(runStart..<utf8.count).append(to: &bytes)
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
