import Testing
@testable import FlowEvents

/// Event lines written to break the reader: each is read or skipped and counted, never a trap or a hang.
@Suite("Hostile event lines are skipped, never a trap")
struct HostileLineTests {
    static let time = "2026-11-22T09:30:00.125Z"

    /// A line with `schema` set to `schema` and otherwise the required fields of a `back` event.
    static func line(schema: String) -> String {
        #"{"schema":\#(schema),"time":"\#(time)","session":"s","user":"u","type":"back"}"#
    }

    @Test("a line nested 100,000 levels deep in an object is malformed, and read through the chunk parser it is counted")
    func deepObjectNesting() {
        let depth = 100_000
        let nested = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(LineDecoding.outcome(nested) == .skipped(.malformed))
        let summary = Self.summary(of: nested + "\n" + LineDecoding.canonicalLine(FlowEvent(
            time: EventTimestamp(iso8601: Self.time.utf8)!, session: "s", user: "u", type: .back
        )) + "\n")
        #expect(summary.eventCount == 1)
        #expect(summary.skippedCount(.malformed) == 1)
    }

    @Test("schema numbers: beyond Double's range is malformed, 40 digits or -0 an unknown version, NaN malformed", arguments: [
        ("1e999999", SkipReason.malformed),
        ("-1e999999", .malformed),
        ("1234567890123456789012345678901234567890", .unknownSchemaVersion),
        ("-1234567890123456789012345678901234567890", .unknownSchemaVersion),
        ("-0", .unknownSchemaVersion),
        ("1.0", .malformed),
        ("NaN", .malformed),
        ("Infinity", .malformed),
        ("0x1", .malformed),
    ])
    func schemaNumbers(schema: String, reason: SkipReason) {
        #expect(LineDecoding.outcome(Self.line(schema: schema)) == .skipped(reason))
    }

    @Test("invalid UTF-8 makes a line malformed on the fast path and on the full parser's", arguments: [
        [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0x61, 0x80],
    ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        let event = FlowEvent(time: EventTimestamp(iso8601: Self.time.utf8)!, session: "s", user: "u", type: .back, screen: "X")
        let canonical = Array(LineDecoding.canonicalLine(event).utf8)
        let screen = canonical.firstRange(of: Array(#""X""#.utf8))!
        var damaged = canonical
        damaged.replaceSubrange(screen.lowerBound + 1..<screen.upperBound - 1, with: bytes)
        let decoder = EventLineDecoder()
        damaged.withByteView { line in
            #expect(decoder.canonicalEvent(in: line) == nil)
            #expect(decoder.outcome(of: line) == .skipped(.malformed))
        }
        // The same bytes in a line only the full parser reads (a space after the colon).
        let spaced = Array(#"{"schema": 1,"time":"\#(Self.time)","session":"s","user":"u","type":"back","screen":""#.utf8) + bytes + Array(#""}"#.utf8)
        spaced.withByteView { line in
            #expect(decoder.outcome(of: line) == .skipped(.malformed))
        }
    }

    @Test("a 10 MB line in a chunk is skipped as oversized without being examined, and counted")
    func tenMegabyteLineInAChunk() {
        let event = FlowEvent(time: EventTimestamp(iso8601: Self.time.utf8)!, session: "s", user: "u", type: .back)
        let text = String(repeating: "{", count: 10_000_000) + "\n" + LineDecoding.canonicalLine(event)
        let summary = Self.summary(of: text)
        #expect(summary.eventCount == 1)
        #expect(summary.skippedCount(.oversizedLine) == 1)
        #expect(summary.firstLocation(of: .oversizedLine) == LineLocation(path: "chunk", line: 1))
    }

    /// What the chunk parser reads from `text`.
    static func summary(of text: String) -> ReadSummary {
        var summary = ReadSummary()
        Array(text.utf8).withByteView { chunk in
            LineChunkParser.parse(chunk, decoder: EventLineDecoder(), path: "chunk", linesBefore: 0, summary: &summary) { _ in }
        }
        return summary
    }
}
