/// The events and summary decoded from one chunk.
struct DecodedChunk: Sendable {
    /// The events the pipeline's filter kept; `summary` counts every event.
    var events: [FlowEvent]
    /// When the pipeline hashes users, `events[i].user.hashValue` for every `i`, made on the decoding thread;
    /// else empty.
    var userHashes: [Int] = []
    /// When the pipeline identifies the events it leaves out, the identity of each, in log order; else empty.
    var leftOutIdentities: [EventIdentity] = []
    /// Line numbers count from the start of the chunk.
    var summary: ReadSummary
}
