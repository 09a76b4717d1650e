/// Decodes chunks of whole lines into events for one thread at a time, keeping its scanner caches
/// from chunk to chunk, so that texts seen in one chunk are not validated and made again in the next.
///
/// `@unchecked Sendable` because the caches are not thread-safe: a decoder is handed to exactly one
/// serial worker queue (or kept by the consuming thread), and only that queue or thread uses it.
final class ChunkDecoder: @unchecked Sendable {
    private let decoder: EventLineDecoder
    private let filter: (@Sendable (FlowEvent) -> Bool)?
    private let dropped: EventTypeMask
    private let fields: EventFieldSelection
    private let hashesUsers: Bool
    private let identifiesLeftOut: Bool
    private let arrays: EventArrayPool?

    /// Creates a decoder of chunks of about `chunkSize` bytes that keeps the events `filter`
    /// accepts, or every event when it is nil, after leaving out every event whose type is in
    /// `dropped`, which only a filter may reject, and making only the texts `fields` selects.
    /// Filtered events go into arrays taken from `arrays`; with `hashesUsers`, each kept event's user id is
    /// hashed too (`DecodedChunk.userHashes`); with `identifiesLeftOut`, the events left out are identified
    /// (`DecodedChunk.leftOutIdentities`).
    init(
        chunkSize: Int, filter: (@Sendable (FlowEvent) -> Bool)?, dropping dropped: EventTypeMask = .none,
        fields: EventFieldSelection = .all, hashesUsers: Bool = false, identifiesLeftOut: Bool = false,
        arrays: EventArrayPool? = nil
    ) {
        decoder = EventLineDecoder(forBytes: chunkSize)
        self.arrays = arrays
        self.filter = filter
        self.dropped = filter == nil ? .none : dropped
        self.fields = fields
        self.hashesUsers = hashesUsers
        self.identifiesLeftOut = identifiesLeftOut
    }

    /// The events of `chunk`, a chunk of whole lines from the file at `path`, with line numbers
    /// counted from the start of the chunk.
    func decode(_ chunk: ByteView, path: String) -> DecodedChunk {
        var summary = ReadSummary()
        var events = arrays?.take() ?? []
        var userHashes: [Int] = []
        var leftOutIdentities: [EventIdentity] = []
        if let filter {
            let dropped = dropped
            let hashesUsers = hashesUsers
            let identifiesLeftOut = identifiesLeftOut
            let userHash = LastUserHash()
            // Sized for the chunk's lines (about 250 bytes each in a typical log), so that neither grows line by line.
            if hashesUsers { userHashes.reserveCapacity(chunk.count / 200) }
            if identifiesLeftOut { leftOutIdentities.reserveCapacity(chunk.count / 200) }
            LineChunkParser.parse(
                chunk, decoder: decoder, path: path, linesBefore: 0, dropping: dropped, fields: fields, summary: &summary,
                leaveOut: { if identifiesLeftOut { leftOutIdentities.append(EventIdentity(of: $0, userHash: userHash.of($0))) } }
            ) {
                if !dropped.contains($0.type), filter($0) {
                    events.append($0)
                    if hashesUsers {
                        userHashes.append(userHash.of($0))
                    }
                } else if identifiesLeftOut {
                    leftOutIdentities.append(EventIdentity(of: $0, userHash: userHash.of($0)))
                }
            }
        } else {
            events.reserveCapacity(chunk.count / 160)
            LineChunkParser.parse(chunk, decoder: decoder, path: path, linesBefore: 0, fields: fields, summary: &summary) {
                events.append($0)
            }
        }
        return DecodedChunk(events: events, userHashes: userHashes, leftOutIdentities: leftOutIdentities, summary: summary)
    }
}
