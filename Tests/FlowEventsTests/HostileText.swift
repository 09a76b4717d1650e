import FlowEvents

/// Texts that break naive writers and readers of JSON, line-based logs, HTML and terminals, and
/// events that carry them in every string field.
enum HostileText {
    static let quotes = #"say "hi" to \ back\slash, \"pre-escaped\" and \\u0041 \n"#
    static let lineBreaks = "line\nfeed\rreturn\r\nboth\ttab\u{0B}vertical\u{0C}form feed"
    /// Every C0 control (NUL included), DEL and some C1 controls (NEL, CSI).
    static let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self) + "\u{7F}\u{80}\u{85}\u{9B}"
    static let unicodeSeparators = "line\u{2028}separator\u{2029}paragraph\u{85}next line"
    static let terminalEscapes = "\u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{07} \u{1B}[2J"
    static let markup = "</script><script>alert('x' & 1)</script><!-- <b onmouseover=alert(1)>&amp;"
    static let html = markup + #" <a title="x" href='y'>"#
    static let graphemes = "👩‍👩‍👧‍👦 e\u{301} 𝄞 \u{FEFF}bom \u{202E}reversed\u{202C} zero\u{200B}width"
    static let jsonLookalike = #"{"schema":1,"user":"spoof"}","user":"spoof","x":"#
    /// 100 KiB without anything to escape.
    static let long = String(repeating: "long-", count: 20_480)
    /// 100 KiB with something to escape in every eight bytes.
    static let longEscaped = String(repeating: "a\"\\\n\u{0}<é", count: 12_800)

    /// The texts short enough for one event to carry them in every field.
    static let short = [quotes, lineBreaks, controls, unicodeSeparators, terminalEscapes, html, graphemes, jsonLookalike]
    /// The texts that need no escaping in JSON, so the reader's fast scanner reads them itself.
    static let needingNoEscape = [markup, graphemes, long]

    /// Events with hostile text in every string field, property keys and values included; the long texts each
    /// fill one field of an event of their own, so no line exceeds the reader's line limit.
    static var events: [FlowEvent] {
        var events = short.enumerated().map { index, text in event(everyField: text, at: index) }
        for (index, text) in [long, longEscaped].enumerated() {
            let base = event(everyField: "plain", at: 100 + index)
            let fields: [WritableKeyPath<FlowEvent, String>] = [\.session, \.user]
            let optionalFields: [WritableKeyPath<FlowEvent, String?>] = [\.experiment, \.variant, \.screen, \.action]
            events += fields.map { field in
                var event = base
                event[keyPath: field] = text
                return event
            }
            events += optionalFields.map { field in
                var event = base
                event[keyPath: field] = text
                return event
            }
            var keyed = base
            keyed.properties = [text: "value"]
            var valued = base
            valued.properties = ["key": text]
            events += [keyed, valued]
        }
        return events
    }

    /// An event whose every string is `text`, with a marker where fields must differ.
    static func event(everyField text: String, at second: Int) -> FlowEvent {
        FlowEvent(
            time: EventTimestamp(millisecondsSince1970: 1_795_339_800_000 + Int64(second) * 1000),
            session: text, user: text, experiment: text, variant: text, type: .mutation, screen: text, action: text,
            properties: [text: text, "reason": text, text + "\u{0}2": "second " + text]
        )
    }
}
