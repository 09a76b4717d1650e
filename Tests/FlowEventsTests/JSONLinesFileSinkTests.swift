import FlowEvents
import Foundation
import Testing

@Suite("JSON Lines file sink")
struct JSONLinesFileSinkTests {
    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID().uuidString).jsonl").path
    }

    private func event(_ index: Int) -> FlowEvent {
        FlowEvent(
            time: EventTimestamp(millisecondsSince1970: Int64(index)), session: "s", user: "u\(index)",
            type: .screenShown, screen: "welcome"
        )
    }

    @Test("appends to what the file already holds, never truncating it")
    func appends() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("existing line\n".utf8).write(to: URL(fileURLWithPath: path))
        let sink = try JSONLinesFileSink(path: path)
        try sink.record(event(1))
        try sink.flush()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "existing line\n" + JSONLineEncoder.line(for: event(1)))
    }

    @Test("buffers until flushed, and flushes whole lines when the buffer fills")
    func buffering() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try JSONLinesFileSink(path: path, bufferLimit: 400)
        try sink.record(event(1))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
        for index in 2...10 { try sink.record(event(index)) }
        let partial = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!partial.isEmpty && partial.hasSuffix("\n"), "automatic flushes end on a line")
        try sink.flush()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 10)
    }

    @Test("written lines go to the file at once, after what was buffered")
    func writesEncodedLines() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try JSONLinesFileSink(path: path)
        let batch = Array((JSONLineEncoder.line(for: event(2)) + JSONLineEncoder.line(for: event(3))).utf8)
        try sink.write(encodedLines: batch)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == String(decoding: batch, as: UTF8.self))
        try sink.record(event(4))
        try sink.write(encodedLines: batch[...])
        try sink.write(encodedLines: JSONLineEncoder.line(for: event(5)).utf8)
        let expected = [2, 3, 4, 2, 3, 5].map { JSONLineEncoder.line(for: event($0)) }.joined()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }

    @Test("flushes what is buffered when released")
    func flushesOnRelease() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let sink = try JSONLinesFileSink(path: path)
            try sink.record(event(1))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == JSONLineEncoder.line(for: event(1)))
    }

    @Test("a log whose last line was cut short (a crash, a full disk) gets a line break first, so the next line is kept whole")
    func partialLastLine() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let cut = String(JSONLineEncoder.line(for: event(1)).prefix(40))
        try Data((JSONLineEncoder.line(for: event(0)) + cut).utf8).write(to: URL(fileURLWithPath: path))
        let sink = try JSONLinesFileSink(path: path)
        try sink.record(event(2))
        try sink.flush()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == JSONLineEncoder.line(for: event(0)) + cut + "\n" + JSONLineEncoder.line(for: event(2)))
        var read: [FlowEvent] = []
        let summary = try FlowEventReader(paths: [path]).read { read.append($0) }
        #expect(read == [event(0), event(2)])
        #expect(summary.description == "1 malformed line skipped (\(path):2)")
    }

    @Test("a line another process was still appending when the sink opened is left whole, with no blank line")
    func lineInProgress() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let line = JSONLineEncoder.line(for: event(0))
        try Data(line.prefix(40).utf8).write(to: URL(fileURLWithPath: path))
        let sink = try JSONLinesFileSink(path: path)
        let other = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try other.seekToEnd()
        try other.write(contentsOf: Data(line.dropFirst(40).utf8))
        try other.close()
        try sink.record(event(1))
        try sink.flush()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == line + JSONLineEncoder.line(for: event(1)))
    }

    @Test("a log that ends in a line break is appended to as it is")
    func completeLastLine() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(JSONLineEncoder.line(for: event(0)).utf8).write(to: URL(fileURLWithPath: path))
        let sink = try JSONLinesFileSink(path: path)
        try sink.write(encodedLines: JSONLineEncoder.line(for: event(1)).utf8)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == JSONLineEncoder.line(for: event(0)) + JSONLineEncoder.line(for: event(1)))
    }

    @Test("dropping written pages from the cache leaves the log byte for byte as keeping them does")
    func dropBehindWritesTheSameLog() throws {
        // Over 20 MiB, so pages are released more than once, written in uneven pieces.
        let block = Array(repeating: Array(JSONLineEncoder.line(for: event(7)).utf8), count: 4_000).flatMap { $0 }
        var logs: [Data] = []
        for retention in [JSONLinesFileSink.CacheRetention.keep, .dropBehind] {
            let path = temporaryPath()
            defer { try? FileManager.default.removeItem(atPath: path) }
            let sink = try JSONLinesFileSink(path: path, bufferLimit: 1 << 20, cacheRetention: retention)
            for round in 0..<80 {
                if round.isMultiple(of: 3) {
                    try sink.append(encodedLines: block)
                } else {
                    try sink.write(encodedLines: block)
                }
            }
            try sink.flush()
            logs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(logs[0].count == 80 * block.count)
        #expect(logs[0] == logs[1])
    }

    @Test("a directory is refused with the path and the reason")
    func directory() {
        let directory = FileManager.default.temporaryDirectory.path
        #expect(throws: EventSinkError.self) { try JSONLinesFileSink(path: directory) }
        do {
            _ = try JSONLinesFileSink(path: directory)
        } catch {
            #expect(error.description.hasPrefix(directory + ": cannot open for appending"))
        }
    }

    @Test("a path in a missing folder is refused with the system's reason")
    func missingFolder() {
        do {
            _ = try JSONLinesFileSink(path: "/nonexistent-folder/events.jsonl")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "/nonexistent-folder/events.jsonl: cannot open for appending: No such file or directory")
        }
    }

    @Test("the in-memory sink keeps events in order")
    func inMemory() throws {
        let sink = InMemoryEventSink()
        try sink.record(event(1))
        try sink.record(event(2))
        #expect(sink.events.map(\.user) == ["u1", "u2"])
    }
}
