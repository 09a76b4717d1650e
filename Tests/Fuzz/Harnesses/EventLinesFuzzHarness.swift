import FlowEvents

/// Fuzzes the event-line reader: the input is a chunk of lines read exactly as a file's chunk is read (canonical
/// scanner first, full JSON parser when the scanner declines), and the events read must be exactly those the full
/// parser alone reads from the same lines, so the fast path never reads a line differently.
public enum EventLinesFuzzHarness: FuzzHarness {
    public static let name = "event-lines"

    public static func run(_ input: UnsafeBufferPointer<UInt8>) -> FuzzOutcome {
        var summary = ReadSummary()
        var events: [FlowEvent] = []
        // A copy of exactly the input's bytes, so that a sanitizer still catches a read past its end.
        Array(input).withByteView { chunk in
            LineChunkParser.parse(chunk, decoder: EventLineDecoder(), path: "fuzz.jsonl", linesBefore: 0, summary: &summary) {
                events.append($0)
            }
        }
        var lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // Every newline ends a line; what follows the last one, if anything, is one more, unterminated line.
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard summary.lineCount == lines.count else {
            return .invariantViolated("counted \(summary.lineCount) lines in \(lines.count)")
        }
        guard summary.eventCount == events.count, summary.eventCount + summary.skippedTotal <= summary.lineCount else {
            return .invariantViolated("\(events.count) events handed out, \(summary.eventCount) counted, \(summary.skippedTotal) skips in \(summary.lineCount) lines")
        }
        var referenceEvents: [FlowEvent] = []
        for line in lines {
            var content = UnsafeBufferPointer(rebasing: line)
            if content.last == UInt8(ascii: "\r") { content = UnsafeBufferPointer(rebasing: content.dropLast()) }
            guard content.count <= FlowEventReader.maximumLineLength else { continue }
            if case .event(let event) = Array(content).withByteView({ EventLineDecoder.fullParserOutcome(of: $0) }) {
                referenceEvents.append(event)
            }
        }
        guard events == referenceEvents else {
            let index = zip(events, referenceEvents).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(events.count, referenceEvents.count)
            let read = index < events.count ? "\(events[index])" : "nothing"
            let reference = index < referenceEvents.count ? "\(referenceEvents[index])" : "nothing"
            return .invariantViolated("event \(index): the reader read \(read), the full parser \(reference)")
        }
        return summary.isClean ? .accepted("\(summary.eventCount) events") : .skipped(summary.description)
    }
}
