import FlowEvents

/// Fuzzes the reader's gzip path: the input is the content of a `.gz` log. The sequential and the parallel
/// reader must agree exactly (the same events and summary, or the same error), and a stream that zlib finds cut
/// short must be an error saying so, never read as a whole log.
public enum GzipReaderFuzzHarness: FuzzHarness {
    public static let name = "gzip"

    public static func run(_ input: UnsafeBufferPointer<UInt8>) -> FuzzOutcome {
        let files = FuzzFiles.shared
        let bytes = Array(input)
        let path = files.write(bytes, to: "log.jsonl.gz")
        let sequential = ReaderResult { try FlowEventReader(paths: [path]).read($0) }
        let parallel = ReaderResult { body in
            try FlowEventReader(paths: [path]).readParallel(workers: 2) { batch in
                for event in batch { try body(event) }
            }
        }
        guard sequential == parallel else {
            return .invariantViolated("sequential read \(sequential), parallel read \(parallel)")
        }
        let ending = GzipStreamCheck.ending(of: bytes)
        switch sequential {
        case .read(let events, let summary):
            if ending == .cutShort {
                return .invariantViolated("a gzip stream cut short read as a whole log of \(events.count) events")
            }
            return summary.isClean ? .accepted("\(events.count) events") : .skipped(summary.description)
        case .failed(let message):
            if ending == .cutShort, !message.contains("the gzip stream is cut short") {
                return .invariantViolated("a gzip stream cut short failed with another error: \(message)")
            }
            return .rejected(message)
        }
    }
}

/// What one read of a log produced.
enum ReaderResult: Equatable, CustomStringConvertible {
    case read([FlowEvent], ReadSummary)
    case failed(String)

    /// Runs `read`, which hands every event to the body it is given, and records the outcome.
    init(_ read: (_ body: (FlowEvent) throws -> Void) throws -> ReadSummary) {
        var events: [FlowEvent] = []
        do {
            let summary = try read { events.append($0) }
            self = .read(events, summary)
        } catch {
            self = .failed("\(error)")
        }
    }

    var description: String {
        switch self {
        case .read(let events, let summary): "\(events.count) events (\(summary))"
        case .failed(let message): "error: \(message)"
        }
    }
}
