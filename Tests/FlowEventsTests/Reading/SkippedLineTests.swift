import Foundation
import Testing
@testable import FlowEvents

@Suite("Skipped lines are counted by reason, with the first place each occurred")
struct SkippedLineTests {
    let valid = #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s-1","user":"u-42","experiment":null,"variant":null,"type":"back","screen":null,"action":null,"properties":{}}"#

    /// Reads `lines`, joined with newlines and ending in one, from a file called events.jsonl.
    func read(_ lines: [String]) throws -> (events: [FlowEvent], summary: ReadSummary, path: String) {
        let directory = try TemporaryDirectory()
        let path = try directory.file("events.jsonl", text: lines.map { $0 + "\n" }.joined())
        let (events, summary) = try readAll([path])
        return (events, summary, path)
    }

    @Test("a clean read says no lines were skipped")
    func cleanRead() throws {
        let result = try read([valid, valid])
        #expect(result.events.count == 2)
        #expect(result.summary.isClean)
        #expect(result.summary.description == "no lines skipped")
        #expect(result.summary.eventCount == 2)
        #expect(result.summary.lineCount == 2)
    }

    @Test("malformed lines: bad JSON, missing or mistyped required fields, bad timestamps")
    func malformedLines() throws {
        let malformed = [
            "not json",
            "{\"schema\":1,",
            "[1,2,3]",
            #"{"schema":"1","time":"2026-11-22T09:30:00.125Z","session":"s","user":"u","type":"back"}"#,
            #"{"schema":1.0,"time":"2026-11-22T09:30:00.125Z","session":"s","user":"u","type":"back"}"#,
            #"{"time":"2026-11-22T09:30:00.125Z","session":"s","user":"u","type":"back"}"#,
            #"{"schema":1,"session":"s","user":"u","type":"back"}"#,
            #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","user":"u","type":"back"}"#,
            #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s","type":"back"}"#,
            #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s","user":"u"}"#,
            #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":7,"user":"u","type":"back"}"#,
            #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s","user":"u","type":5}"#,
            #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s","user":"u","type":"back","screen":3}"#,
            #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s","user":"u","type":"back","properties":"x"}"#,
            #"{"schema":1,"time":"2026-11-22 09:30:00","session":"s","user":"u","type":"back"}"#,
            #"{"schema":1,"time":"2026-13-22T09:30:00.125Z","session":"s","user":"u","type":"back"}"#,
            #"{"schema":1,"time":"2026-11-22T09:30:00.125+0100","session":"s","user":"u","type":"back"}"#,
            #"{"schema":1,"time":"2026-11-22T24:30:00.125Z","session":"s","user":"u","type":"back"}"#,
            #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s","user":"u","type":"back"} trailing"#,
            #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"raw\#ttab","user":"u","type":"back"}"#,
        ]
        let result = try read([valid] + malformed + [valid])
        #expect(result.events.count == 2)
        #expect(result.summary.skippedCount(.malformed) == malformed.count)
        #expect(result.summary.description == "\(malformed.count) malformed lines skipped, first at \(result.path):2")
    }

    @Test("unknown schema versions are skipped and counted apart from malformed lines")
    func unknownSchemaVersion() throws {
        let line = valid.replacingOccurrences(of: #""schema":1"#, with: #""schema":2"#)
        let result = try read([valid, line, valid])
        #expect(result.events.count == 2)
        #expect(result.summary.description == "1 line with unknown schema version skipped (\(result.path):2)")
        #expect(result.summary.firstLocation(of: .unknownSchemaVersion) == LineLocation(path: result.path, line: 2))
    }

    @Test("unknown event types are skipped and counted")
    func unknownEventType() throws {
        let line = valid.replacingOccurrences(of: #""type":"back""#, with: #""type":"teleported""#)
        let result = try read([line, line, valid])
        #expect(result.events.count == 1)
        #expect(result.summary.description == "2 lines with unknown event type skipped, first at \(result.path):1")
    }

    @Test("blank and whitespace-only lines are ignored without being counted as skipped")
    func blankLines() throws {
        let result = try read(["", valid, "   ", "\t", "", valid, ""])
        #expect(result.events.count == 2)
        #expect(result.summary.isClean)
        #expect(result.summary.lineCount == 7)
    }

    @Test("line numbers count blank lines, and every reason gets its own clause in a fixed order")
    func severalReasons() throws {
        let result = try read([
            valid, "", "garbage",
            valid.replacingOccurrences(of: #""type":"back""#, with: #""type":"x""#),
            valid.replacingOccurrences(of: #""schema":1"#, with: #""schema":9"#),
            "{", valid,
        ])
        let path = result.path
        #expect(result.summary.description == "2 malformed lines skipped, first at \(path):3; 1 line with unknown schema version skipped (\(path):5); 1 line with unknown event type skipped (\(path):4)")
        #expect(result.summary.skippedTotal == 4)
    }

    @Test("summaries merge: counts add up and the earlier first location wins")
    func merging() {
        var first = ReadSummary()
        first.recordSkip(.malformed, at: LineLocation(path: "a.jsonl", line: 7))
        first.eventCount = 10
        var second = ReadSummary()
        second.recordSkip(.malformed, at: LineLocation(path: "b.jsonl", line: 2))
        second.recordSkip(.truncatedLastLine, at: LineLocation(path: "b.jsonl", line: 3))
        second.eventCount = 5
        let merged = first.merging(second)
        #expect(merged.eventCount == 15)
        #expect(merged.description == "2 malformed lines skipped, first at a.jsonl:7; 1 truncated last line skipped (b.jsonl:3)")
        #expect(ReadSummary().merging(ReadSummary()).description == "no lines skipped")
    }
}
