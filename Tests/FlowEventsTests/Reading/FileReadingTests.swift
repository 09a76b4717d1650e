import Foundation
import Testing
@testable import FlowEvents

@Suite("Reading files: line endings, file ends, huge lines, bad bytes, missing files")
struct FileReadingTests {
    let events = EventCorpus.events(count: 3, seed: 1)

    var canonicalText: String { events.map { JSONLineEncoder.line(for: $0) }.joined() }

    @Test("an empty file reads as no events and nothing skipped")
    func emptyFile() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("empty.jsonl", text: "")
        let (read, summary) = try readAll([path])
        #expect(read.isEmpty)
        #expect(summary.isClean)
        #expect(summary.lineCount == 0)
        let (parallelRead, parallelSummary) = try readAllInParallel([path])
        #expect(parallelRead.isEmpty)
        #expect(parallelSummary == summary)
    }

    @Test("a valid last line without a trailing newline is read")
    func validLastLineWithoutNewline() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("events.jsonl", text: String(canonicalText.dropLast()))
        let (read, summary) = try readAll([path])
        #expect(read == events)
        #expect(summary.isClean)
    }

    @Test("an invalid last line without a trailing newline counts as truncated, not malformed")
    func truncatedLastLine() throws {
        let directory = try TemporaryDirectory()
        let cut = String(JSONLineEncoder.line(for: events[0]).prefix(50))
        let path = try directory.file("events.jsonl", text: canonicalText + cut)
        let (read, summary) = try readAll([path])
        #expect(read == events)
        #expect(summary.description == "1 truncated last line skipped (\(path):4)")
        #expect(summary.skippedCount(.malformed) == 0)
    }

    @Test("CRLF line endings read like LF ones")
    func crlfLineEndings() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("events.jsonl", text: canonicalText.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n")
        let (read, summary) = try readAll([path])
        #expect(read == events)
        #expect(summary.isClean)
    }

    @Test("a 10 MB line is skipped as oversized and the lines around it are read")
    func tenMegabyteLine() throws {
        let directory = try TemporaryDirectory()
        let hugeValue = String(repeating: "x", count: 10_000_000)
        let hugeEvent = FlowEvent(time: events[0].time, session: "s", user: "u", type: .back, properties: ["blob": hugeValue])
        let text = JSONLineEncoder.line(for: events[0]) + JSONLineEncoder.line(for: hugeEvent)
            + JSONLineEncoder.line(for: events[1]) + String(repeating: "y", count: 10_000_000) + "\n"
            + JSONLineEncoder.line(for: events[2])
        let path = try directory.file("events.jsonl", text: text)
        let (read, summary) = try readAll([path])
        #expect(read == events)
        #expect(summary.description == "2 oversized lines skipped, first at \(path):2")
        let (parallelRead, parallelSummary) = try readAllInParallel([path])
        #expect(parallelRead == events)
        #expect(parallelSummary == summary)
        var readAlone: [FlowEvent] = []
        let summaryAlone = try FlowEventReader(paths: [path]).readParallel(workers: 0, keeping: { _ in true }) { kept, _ in
            readAlone.append(contentsOf: kept)
        }
        #expect(readAlone == events)
        #expect(summaryAlone == summary)
    }

    @Test("an oversized last line without a newline is skipped without waiting for one")
    func oversizedUnterminatedLastLine() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("events.jsonl", text: canonicalText + String(repeating: "z", count: 5_000_000))
        let (read, summary) = try readAll([path])
        #expect(read == events)
        #expect(summary.description == "1 oversized line skipped (\(path):4)")
        let (parallelRead, parallelSummary) = try readAllInParallel([path])
        #expect(parallelRead == events)
        #expect(parallelSummary == summary)
    }

    @Test("lines longer than the limit but shorter than a parallel chunk are skipped alike in parallel")
    func oversizedLinesWithinAChunk() throws {
        let directory = try TemporaryDirectory()
        let long = String(repeating: "w", count: FlowEventReader.maximumLineLength + 10)
        let text = long + "\n" + JSONLineEncoder.line(for: events[0]) + long + "\n" + canonicalText + long
        let path = try directory.file("events.jsonl", text: text)
        let (read, summary) = try readAll([path])
        #expect(read == [events[0]] + events)
        #expect(summary.skippedCount(.oversizedLine) == 3)
        let (parallelRead, parallelSummary) = try readAllInParallel([path])
        #expect(parallelRead == read)
        #expect(parallelSummary == summary)
    }

    @Test("invalid UTF-8 inside a string makes the line malformed, in either layout")
    func invalidUTF8() throws {
        let directory = try TemporaryDirectory()
        var bytes = Array(JSONLineEncoder.line(for: events[0]).utf8)
        let canonicalBad = Array(#"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s-"#.utf8) + [0xC3, 0x28]
            + Array(#"","user":"u","experiment":null,"variant":null,"type":"back","screen":null,"action":null,"properties":{}}"#.utf8) + [0x0A]
        let spacedBad = Array(#"{ "schema": 1, "time": "2026-11-22T09:30:00.125Z", "session": "s", "user": ""#.utf8) + [0xFF, 0xFE]
            + Array(#"", "type": "back" }"#.utf8) + [0x0A]
        bytes += canonicalBad + spacedBad + [0x80, 0x81, 0x0A] + Array(JSONLineEncoder.line(for: events[1]).utf8)
        let path = try directory.file("events.jsonl", bytes: bytes)
        let (read, summary) = try readAll([path])
        #expect(read == [events[0], events[1]])
        #expect(summary.description == "3 malformed lines skipped, first at \(path):2")
    }

    @Test("several files are read in order and their summaries merged")
    func severalFiles() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.file("a.jsonl", text: canonicalText + "oops\n")
        let second = try directory.file("b.jsonl", text: "bad\n" + canonicalText)
        let (read, summary) = try readAll([first, second])
        #expect(read == events + events)
        #expect(summary.description == "2 malformed lines skipped, first at \(first):4")
        #expect(summary.lineCount == 8)
    }

    @Test("a missing file throws an error naming its path, before any event is read")
    func missingFile() throws {
        let directory = try TemporaryDirectory()
        let present = try directory.file("a.jsonl", text: canonicalText)
        let missing = directory.path + "/missing.jsonl"
        var handed = 0
        #expect {
            _ = try FlowEventReader(paths: [present, missing]).read { _ in handed += 1 }
        } throws: { error in
            guard let error = error as? FlowEventReadError else { return false }
            return error.path == missing && error.description.hasPrefix("\(missing): cannot open for reading")
        }
        #expect(handed == 0)
        #expect(throws: FlowEventReadError.self) { try readAllInParallel([missing]) }
    }

    @Test("a directory throws an error saying so")
    func directoryPath() throws {
        let directory = try TemporaryDirectory()
        let expected = FlowEventReadError(path: directory.path, reason: "is a directory, not an event log file")
        #expect(throws: expected) { try readAll([directory.path]) }
        #expect(throws: expected) { try readAllInParallel([directory.path]) }
    }

    @Test("an error thrown by the consumer ends the read and reaches the caller")
    func consumerError() throws {
        struct Stop: Error {}
        let directory = try TemporaryDirectory()
        let path = try directory.file("events.jsonl", text: canonicalText)
        var handed = 0
        #expect(throws: Stop.self) {
            _ = try FlowEventReader(paths: [path]).read { _ in
                handed += 1
                throw Stop()
            }
        }
        #expect(handed == 1)
        #expect(throws: Stop.self) {
            _ = try FlowEventReader(paths: [path, path]).readParallel { _ in throw Stop() }
        }
    }
}
