import FlowEvents
import Foundation
import Testing

/// The writer never writes what the reader would refuse.
@Suite("Event size limits, enforced by the writer")
struct EventLimitTests {
    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString).jsonl").path
    }

    /// An event at every limit, each field made of the character that needs the longest escape.
    static var largestEvent: FlowEvent {
        let field = String(repeating: "\u{1}", count: FlowEventLimits.maximumFieldBytes)
        var properties: [String: String] = [:]
        for index in 0..<FlowEventLimits.maximumProperties {
            let key = String(format: "%04d", index) + String(repeating: "\u{1}", count: FlowEventLimits.maximumFieldBytes - 4)
            properties[key] = field
        }
        return FlowEvent(
            time: EventTimestamp(millisecondsSince1970: 0), session: field, user: field, experiment: field, variant: field,
            type: .action, screen: field, action: field, properties: properties
        )
    }

    @Test("an event at every limit, every byte escaped, is a line the reader reads back whole")
    func largestEventReadsBack() throws {
        let event = Self.largestEvent
        #expect(FlowEventLimits.violation(in: event) == nil)
        let line = JSONLineEncoder.line(for: event)
        #expect(line.utf8.count <= FlowEventReader.maximumLineLength)
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try JSONLinesFileSink(path: path)
        try sink.record(event)
        try sink.flush()
        var read: [FlowEvent] = []
        let summary = try FlowEventReader(paths: [path]).read { read.append($0) }
        #expect(summary.isClean)
        #expect(read == [event])
    }

    @Test("the sink refuses an event with a field longer than the limit, and writes nothing of it")
    func longFieldRefused() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try JSONLinesFileSink(path: path)
        let key = String(repeating: "k", count: 5_000_000)
        let event = FlowEvent(time: EventTimestamp(millisecondsSince1970: 0), session: "s", user: "u", experiment: key, type: .exposure)
        #expect {
            try sink.record(event)
        } throws: { error in
            (error as? EventSinkError)?.reason
                == "a exposure event was not written: its experiment key is 5000000 bytes long, more than the 1024 an event field may hold"
        }
        let tooMany = FlowEvent(
            time: EventTimestamp(millisecondsSince1970: 0), session: "s", user: "u", type: .action,
            properties: Dictionary(uniqueKeysWithValues: (0...FlowEventLimits.maximumProperties).map { ("p\($0)", "v") })
        )
        #expect(throws: EventSinkError.self) { try sink.record(tooMany) }
        try sink.flush()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
    }

    @Test("the sink refuses encoded lines longer than the reader reads, writing none of them")
    func longEncodedLineRefused() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try JSONLinesFileSink(path: path)
        let good = Array("{}\n".utf8)
        let long = Array(repeating: UInt8(ascii: "x"), count: FlowEventReader.maximumLineLength + 1) + [UInt8(ascii: "\n")]
        #expect(throws: EventSinkError.self) { try sink.write(encodedLines: good + long + good) }
        #expect(throws: EventSinkError.self) { try sink.append(encodedLines: good + long) }
        try sink.write(encodedLines: good + good)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}\n{}\n")
    }

    @Test("lines whose encoder measured them are refused when their longest is longer than the reader reads")
    func measuredLinesRefused() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try JSONLinesFileSink(path: path)
        let buffer = EncodedEventBuffer(capacity: 0)
        for length in [3, 40, 7] {
            buffer.appendLine { line in
                for _ in 0..<length { line.append(UInt8(ascii: "x")) }
                line.append(UInt8(ascii: "\n"))
            }
        }
        #expect(buffer.longestLine == 40)
        #expect(throws: EventSinkError.self) {
            try sink.write(encodedLines: buffer.bytes, longestLine: FlowEventReader.maximumLineLength + 1)
        }
        try sink.write(encodedLines: buffer.bytes, longestLine: buffer.longestLine)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == 3 + 40 + 7 + 3)
    }
}
