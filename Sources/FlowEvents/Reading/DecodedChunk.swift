/// The events and summary decoded from one chunk.
struct DecodedChunk: Sendable {
    var events: [FlowEvent]
    /// Line numbers count from the start of the chunk.
    var summary: ReadSummary
}
