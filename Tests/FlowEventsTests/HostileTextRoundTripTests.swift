import Foundation
import Testing
@testable import FlowEvents

/// Whatever users, screens, variants and properties are called, the log keeps one event per line
/// and every way of reading it gives back exactly the event written.
@Suite("Hostile text round-trips through the event log")
struct HostileTextRoundTripTests {
    static let events = HostileText.events

    @Test("every event is one line: no line break of any kind, Unicode separators included, inside it")
    func oneEventPerLine() {
        for event in Self.events {
            let line = JSONLineEncoder.line(for: event)
            #expect(line.hasSuffix("\n"))
            // LF, CR, VT, FF, NEL, U+2028 and U+2029: whatever a line splitter counts as a line break.
            #expect(!line.dropLast().contains { $0.isNewline })
        }
    }

    @Test("a standard JSON parser reads every field of every line as written")
    func standardParserAgrees() throws {
        for event in Self.events {
            let line = JSONLineEncoder.line(for: event)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["session"] as? String == event.session)
            #expect(object["user"] as? String == event.user)
            #expect(object["experiment"] as? String == event.experiment)
            #expect(object["variant"] as? String == event.variant)
            #expect(object["screen"] as? String == event.screen)
            #expect(object["action"] as? String == event.action)
            #expect(object["properties"] as? [String: String] == event.properties)
        }
    }

    @Test("the reader gives back the event written, by the fast scanner or the full parser alike")
    func readerPathsAgree() {
        for event in Self.events {
            let line = LineDecoding.canonicalLine(event)
            #expect(LineDecoding.outcome(line) == .event(event))
            #expect(LineDecoding.fullParserOutcome(line) == .event(event))
            if let scanned = LineDecoding.canonicalEvent(line) {
                #expect(scanned == event)
            }
        }
    }

    @Test("texts that need no escaping (HTML, emoji, combining marks, 100 KiB) are read by the fast scanner itself")
    func fastScannerReadsUnescapedText() {
        for (index, text) in HostileText.needingNoEscape.enumerated() {
            var event = HostileText.event(everyField: text, at: index)
            event.properties = [text: text]
            #expect(LineDecoding.canonicalEvent(LineDecoding.canonicalLine(event)) == event)
        }
    }

    @Test("lines other tools write (keys shuffled, spacing, \\u escapes) read back as the same events")
    func noncanonicalLines() {
        var writer = NoncanonicalLineWriter(seed: 17)
        for event in Self.events {
            #expect(LineDecoding.outcome(writer.line(for: event)) == .event(event))
        }
    }

    @Test("a log written by the file sink reads back equal, sequentially and in parallel, nothing skipped")
    func fileRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/hostile.jsonl"
        let sink = try JSONLinesFileSink(path: path, bufferLimit: 4096)
        // The sink writes only events within FlowEventLimits; longer texts come from other tools' logs, below.
        let writable = Self.events.filter { FlowEventLimits.violation(in: $0) == nil }
        #expect(writable.count < Self.events.count)
        for event in Self.events {
            if FlowEventLimits.violation(in: event) == nil {
                try sink.record(event)
            } else {
                #expect(throws: EventSinkError.self) { try sink.record(event) }
            }
        }
        // Lines as another tool writes them, texts of any length up to the reader's line limit.
        try sink.write(encodedLines: Self.events.map { JSONLineEncoder.line(for: $0) }.joined().utf8)
        try sink.flush()

        let (read, summary) = try readAll([path])
        #expect(read == writable + Self.events)
        #expect(summary.isClean)
        #expect(summary.lineCount == writable.count + Self.events.count)
        let (parallelRead, parallelSummary) = try readAllInParallel([path])
        #expect(parallelRead == read)
        #expect(parallelSummary == summary)
    }
}
