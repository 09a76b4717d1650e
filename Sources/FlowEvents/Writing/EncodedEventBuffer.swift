/// A sink that encodes events into JSON Lines bytes in memory, for a batch of simulated
/// sessions that is written to the log in one piece.
///
/// A `SessionRecorder` recording into it encodes lines itself, through `appendLine(_:)`,
/// without building events.
package final class EncodedEventBuffer: FlowEventSink {
    @usableFromInline let lines: LineBuffer
    /// The number of events recorded so far.
    @usableFromInline @exclusivity(unchecked) package internal(set) var eventCount = 0
    /// The length of the longest line recorded so far, its newline left out: the log's writer checks
    /// it without reading the lines again.
    @usableFromInline @exclusivity(unchecked) package internal(set) var longestLine = 0
    /// What the sessions recorded into this buffer share in their lines.
    package let sharedParts = SharedLineParts()

    /// Creates an empty buffer for about `capacity` bytes of lines.
    package init(capacity: Int) {
        lines = LineBuffer(capacity: capacity)
    }

    /// The lines recorded so far.
    package var bytes: [UInt8] { lines.bytes }

    /// The number of bytes recorded so far.
    package var byteCount: Int { lines.count }

    /// Calls `body` with the lines recorded so far, without copying them.
    package func withBytes<Result, Failure: Error>(
        _ body: (ByteView) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try lines.withBytes(body)
    }

    package func record(_ event: FlowEvent) throws(EventSinkError) {
        appendLine { JSONLineEncoder.append(event, to: $0) }
    }

    /// Appends one event that `encode` writes as a JSON line, newline included.
    @inlinable
    package func appendLine(_ encode: (LineBuffer) -> Void) {
        let start = lines.count
        encode(lines)
        eventCount += 1
        longestLine = max(longestLine, lines.count - start - 1)
    }

    package func flush() throws(EventSinkError) {}
}
