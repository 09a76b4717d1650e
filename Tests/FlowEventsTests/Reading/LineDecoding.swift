@testable import FlowEvents

/// Test access to the line decoder's three readings of one line.
enum LineDecoding {
    /// What the reader makes of `line`: canonical scanner first, full parser when needed.
    static func outcome(_ line: String) -> LineOutcome {
        let decoder = EventLineDecoder()
        return Array(line.utf8).withByteView { decoder.outcome(of: $0) }
    }

    /// What the canonical scanner alone makes of `line`: nil when it leaves the line to the full parser.
    static func canonicalEvent(_ line: String) -> FlowEvent? {
        let decoder = EventLineDecoder()
        return Array(line.utf8).withByteView { decoder.canonicalEvent(in: $0) }
    }

    /// What the full JSON parser alone makes of `line`.
    static func fullParserOutcome(_ line: String) -> LineOutcome {
        Array(line.utf8).withByteView { EventLineDecoder.fullParserOutcome(of: $0) }
    }

    /// The canonical line of `event`, without its newline.
    static func canonicalLine(_ event: FlowEvent) -> String {
        String(JSONLineEncoder.line(for: event).dropLast())
    }
}

/// Reads every file of `paths` sequentially, collecting the events.
func readAll(_ paths: [String]) throws -> (events: [FlowEvent], summary: ReadSummary) {
    var events: [FlowEvent] = []
    let summary = try FlowEventReader(paths: paths).read { events.append($0) }
    return (events, summary)
}

/// Reads every file of `paths` in parallel, collecting the batches' events in the order received.
func readAllInParallel(_ paths: [String], workers: Int = 2) throws -> (events: [FlowEvent], summary: ReadSummary) {
    var events: [FlowEvent] = []
    let summary = try FlowEventReader(paths: paths).readParallel(workers: workers) { events.append(contentsOf: $0) }
    return (events, summary)
}
