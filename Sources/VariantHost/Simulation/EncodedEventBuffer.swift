import FlowEvents

/// A sink that encodes events into JSON Lines bytes in memory, for a batch of simulated
/// sessions that is written to the log in one piece.
///
/// A `SessionRecorder` recording into it encodes lines itself, through `appendLine(_:)`,
/// without building events.
final class EncodedEventBuffer: FlowEventSink {
    private(set) var bytes: [UInt8] = []
    private(set) var eventCount = 0

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    func record(_ event: FlowEvent) throws(EventSinkError) {
        JSONLineEncoder.append(event, to: &bytes)
        eventCount += 1
    }

    /// Appends one event that `encode` writes as a JSON line, newline included.
    func appendLine(_ encode: (inout [UInt8]) -> Void) {
        encode(&bytes)
        eventCount += 1
    }

    func flush() throws(EventSinkError) {}
}
