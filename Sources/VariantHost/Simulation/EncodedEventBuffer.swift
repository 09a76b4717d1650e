import FlowEvents

/// A sink that encodes events into JSON Lines bytes in memory, for a batch of simulated
/// sessions that is written to the log in one piece.
///
/// A `SessionRecorder` recording into it encodes lines itself, through `appendLine(_:)`,
/// without building events.
final class EncodedEventBuffer: FlowEventSink {
    private let lines: LineBuffer
    @exclusivity(unchecked) private(set) var eventCount = 0
    /// What the sessions recorded into this buffer share in their lines.
    let sharedParts = SharedLineParts()

    init(capacity: Int) {
        lines = LineBuffer(capacity: capacity)
    }

    /// The lines recorded so far.
    var bytes: [UInt8] { lines.bytes }

    /// The number of bytes recorded so far.
    var byteCount: Int { lines.count }

    /// Calls `body` with the lines recorded so far, without copying them.
    func withBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try lines.withBytes(body)
    }

    func record(_ event: FlowEvent) throws(EventSinkError) {
        lines.append(Array(JSONLineEncoder.line(for: event).utf8))
        eventCount += 1
    }

    /// Appends one event that `encode` writes as a JSON line, newline included.
    func appendLine(_ encode: (LineBuffer) -> Void) {
        encode(lines)
        eventCount += 1
    }

    func flush() throws(EventSinkError) {}
}
