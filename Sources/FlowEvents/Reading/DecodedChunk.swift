/// The events and summary decoded from one chunk.
struct DecodedChunk: Sendable {
    /// The events the pipeline's filter kept; `summary` counts every event.
    var events: [FlowEvent]
    /// Line numbers count from the start of the chunk.
    var summary: ReadSummary
}
