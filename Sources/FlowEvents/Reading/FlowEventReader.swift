#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads events from JSON Lines event logs, streaming, with memory bounded whatever the files' size.
///
/// Files are read in the order given, lines in file order; a path ending in `.gz` is
/// decompressed as it is read. Anything wrong inside a file is tolerated: the line is skipped
/// and counted in the returned `ReadSummary`. A file that cannot be read whole throws
/// `FlowEventReadError`: missing, unreadable, a directory, gzip data that is corrupt or cut short,
/// or a file that shrinks while it is read (another process truncating it).
///
/// Each file is read as it was when its read began: lines appended later are not read.
///
/// ```swift
/// let summary = try FlowEventReader(paths: ["events.jsonl"]).read { event in
///     funnel.add(event)
/// }
/// if !summary.isClean { print(summary) }
/// ```
public struct FlowEventReader: Sendable {
    /// Longest line read, in bytes, carriage return excluded; longer lines are skipped as oversized.
    public static let maximumLineLength = 1 << 20

    /// Most decoding threads `readParallel` uses, whatever it is asked for: each worker keeps
    /// chunks in flight, so the cap bounds memory.
    public static let maximumWorkers = 16

    /// Size of the blocks read from a file: several lines' worth of system calls in one.
    static let sequentialBlockSize = 4 << 20
    /// Size of the chunks handed to parallel workers; more than `maximumLineLength`.
    static let parallelChunkSize = 2 << 20

    /// The files to read, in order.
    public var paths: [String]

    /// Creates a reader of the files at `paths`, to be read in that order.
    public init(paths: [String]) {
        self.paths = paths
    }

    /// Reads every event of every file in order on the calling thread, handing each to `body`.
    ///
    /// - Returns: what was read and what was skipped.
    /// - Throws: `FlowEventReadError` naming the path of a file that cannot be read, checked
    ///   for every file before any event is handed out; or whatever `body` throws, which ends
    ///   the read.
    public func read(_ body: (FlowEvent) throws -> Void) throws -> ReadSummary {
        try checkPathsAreReadableFiles()
        var summary = ReadSummary()
        for path in paths {
            let reader = try FileChunkReader(path: path, capacity: Self.sequentialBlockSize)
            var fileSummary = ReadSummary()
            // Made for the first chunk, which is a whole block unless the file is smaller.
            var fileDecoder: EventLineDecoder?
            while let chunk = try reader.nextChunk() {
                switch chunk {
                case .lines(let bytes):
                    let decoder = fileDecoder ?? EventLineDecoder(forBytes: bytes.count)
                    fileDecoder = decoder
                    try LineChunkParser.parse(
                        bytes, decoder: decoder, path: path, linesBefore: fileSummary.lineCount,
                        summary: &fileSummary, emit: body
                    )
                case .oversizedLine:
                    fileSummary.lineCount += 1
                    fileSummary.recordSkip(.oversizedLine, at: LineLocation(path: path, line: fileSummary.lineCount))
                }
            }
            summary.merge(fileSummary)
        }
        return summary
    }

    /// Reads every event of every file using `workers` threads to decode, handing the events
    /// to `body` on the calling thread in batches, in file order.
    ///
    /// The batches arrive exactly as `read(_:)` would hand out their events: same events, same
    /// order, files in the order given; a batch holds the events of about 2 MiB of one file.
    /// At most `2 * workers + 1` chunks are read ahead of `body`, so memory stays bounded and
    /// a slow `body` holds the workers back.
    ///
    /// The calling thread reads the files, waits for the workers and runs `body`; it blocks
    /// until the read ends, so call this from a thread that may block, not from code that
    /// must not wait (such as an actor's executor).
    ///
    /// - Parameters:
    ///   - workers: decoding threads, clamped to `1...maximumWorkers`; 2 uses both
    ///     cores of a 2-core machine while the calling thread mostly waits.
    ///   - body: called with each batch of events, in file order, on the calling thread.
    /// - Returns: what was read and what was skipped, equal to what `read(_:)` returns.
    /// - Throws: as `read(_:)`; work in flight is finished before the error is rethrown.
    public func readParallel(workers: Int = 2, _ body: ([FlowEvent]) throws -> Void) throws -> ReadSummary {
        try checkPathsAreReadableFiles()
        let pipeline = OrderedChunkPipeline(
            workers: min(max(workers, 1), Self.maximumWorkers), chunkSize: Self.parallelChunkSize, filter: nil
        )
        return try pipeline.run(paths: paths) { events, _, _, _ in try body(events) }
    }

    /// Reads as `readParallel(workers:_:)` does, but hands `body` only the events `isKept`
    /// accepts, with the number of events of the batch it left out.
    ///
    /// `isKept` runs on the decoding threads, so events a consumer has no use for cost it
    /// nothing. The returned summary counts every event, kept or not.
    ///
    /// - Parameters:
    ///   - workers: how many threads decode the logs beside the calling one, clamped to `0...maximumWorkers`;
    ///     with 0 the calling thread decodes every chunk itself, in file order, doing the same work every run.
    ///   - leftOutTypes: types of events to leave out whatever `isKept` says. Their lines are checked
    ///     as thoroughly as any (a malformed one is skipped and counted as ever) but their texts are
    ///     never made, which makes them several times cheaper to read than kept events.
    ///   - fields: the texts the kept events carry (`EventFieldSelection`); `isKept` sees events as `body` does.
    ///   - isKept: whether `body` gets an event; called on the decoding threads.
    ///   - body: hears each batch of kept events, in log order, with how many it left out.
    public func readParallel(
        workers: Int = 2,
        leavingOut leftOutTypes: Set<EventType> = [],
        selecting fields: EventFieldSelection = .all,
        keeping isKept: @escaping @Sendable (FlowEvent) -> Bool,
        _ body: (_ kept: [FlowEvent], _ leftOut: Int) throws -> Void
    ) throws -> ReadSummary {
        try readFiltered(workers: workers, leavingOut: leftOutTypes, selecting: fields, keeping: isKept, forAccumulator: false) {
            kept, _, leftOut, _ in try body(kept, leftOut)
        }
    }

    /// Reads as `readParallel(workers:leavingOut:selecting:keeping:_:)` does, handing `body` with each batch the
    /// hash of every kept event's user id (`user.hashValue`), made on the decoding threads, for a consumer that
    /// numbers users, so that it spends no time hashing their ids; and the identity of every event left out, for a
    /// consumer that counts an event delivered twice once (`EventIdentity`).
    ///
    /// The batch is lent `inout`, the reader's alone while `body` runs, so that a consumer can read each event
    /// where it lies instead of copying it (see `ExperimentLogAccumulator.consume(relevant:userHashes:)`).
    package func readParallelHashingUsers(
        workers: Int = 2,
        leavingOut leftOutTypes: Set<EventType> = [],
        selecting fields: EventFieldSelection = .all,
        keeping isKept: @escaping @Sendable (FlowEvent) -> Bool,
        _ body: (_ kept: inout [FlowEvent], _ userHashes: [Int], _ leftOut: [EventIdentity]) throws -> Void
    ) throws -> ReadSummary {
        try readFiltered(workers: workers, leavingOut: leftOutTypes, selecting: fields, keeping: isKept, forAccumulator: true) {
            kept, userHashes, _, leftOut in try body(&kept, userHashes, leftOut)
        }
    }

    /// The filtered parallel read of the public and the package variant, with users' hashes and the left-out
    /// events' identities when `forAccumulator`.
    private func readFiltered(
        workers: Int,
        leavingOut leftOutTypes: Set<EventType>,
        selecting fields: EventFieldSelection,
        keeping isKept: @escaping @Sendable (FlowEvent) -> Bool,
        forAccumulator: Bool,
        _ body: (inout [FlowEvent], [Int], Int, [EventIdentity]) throws -> Void
    ) throws -> ReadSummary {
        try checkPathsAreReadableFiles()
        let pipeline = OrderedChunkPipeline(
            workers: min(max(workers, 0), Self.maximumWorkers), chunkSize: Self.parallelChunkSize, filter: isKept,
            dropping: EventTypeMask(leftOutTypes), fields: fields, hashesUsers: forAccumulator, identifiesLeftOut: forAccumulator
        )
        return try pipeline.run(paths: paths, body)
    }

    /// Fails before reading anything when a path is missing, unreadable or a directory.
    private func checkPathsAreReadableFiles() throws(FlowEventReadError) {
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else {
                throw FlowEventReadError(path: path, reason: "cannot open for reading: \(String(cString: strerror(errno)))")
            }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                throw FlowEventReadError(path: path, reason: "is a directory, not an event log file")
            }
            guard access(path, R_OK) == 0 else {
                throw FlowEventReadError(path: path, reason: "cannot open for reading: \(String(cString: strerror(errno)))")
            }
        }
    }
}
