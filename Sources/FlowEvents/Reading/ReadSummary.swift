/// What a read produced and what it skipped, by reason, with the first place each reason occurred.
///
/// Summaries of several files or workers merge; merge them in reading order so that the first
/// locations stay the first ones.
public struct ReadSummary: Sendable, Hashable, CustomStringConvertible {
    /// How many skipped lines a reason accounts for, and where the first one was.
    struct Tally: Sendable, Hashable {
        var count: Int
        var firstLocation: LineLocation
    }

    /// Events produced.
    public internal(set) var eventCount = 0
    /// Lines examined, blank and skipped lines included.
    public internal(set) var lineCount = 0
    private var tallies: [SkipReason: Tally] = [:]
    /// The latest time of the events read, in milliseconds since 1970; `Int64.min` before any.
    private var latestMilliseconds = Int64.min
    /// The earliest time of the events read, in milliseconds since 1970; `Int64.max` before any.
    private var earliestMilliseconds = Int64.max

    /// The latest time of any event read, whether it was handed out or left out as irrelevant: where the log
    /// ends, for windows that must have closed within it (retention metrics); nil when no event was read.
    public var latestEventTime: EventTimestamp? {
        latestMilliseconds == .min ? nil : EventTimestamp(millisecondsSince1970: latestMilliseconds)
    }

    /// The earliest time of any event read, handed out or left out: where the log begins, for lookbacks that reach
    /// before it (CUPED); nil when no event was read.
    public var earliestEventTime: EventTimestamp? {
        earliestMilliseconds == .max ? nil : EventTimestamp(millisecondsSince1970: earliestMilliseconds)
    }

    /// Creates an empty summary, the starting point for merging.
    public init() {}

    /// How many lines were skipped for `reason`.
    public func skippedCount(_ reason: SkipReason) -> Int {
        tallies[reason]?.count ?? 0
    }

    /// Where the first line skipped for `reason` was, if any was.
    public func firstLocation(of reason: SkipReason) -> LineLocation? {
        tallies[reason]?.firstLocation
    }

    /// How many lines were skipped for any reason.
    public var skippedTotal: Int {
        tallies.values.reduce(0) { $0 + $1.count }
    }

    /// Whether no line was skipped.
    public var isClean: Bool { tallies.isEmpty }

    /// Adds `other`, read after this summary's lines, to this summary.
    public mutating func merge(_ other: ReadSummary) {
        merge(other, shiftingLinesBy: 0)
    }

    /// This summary with `other`, read after it, added.
    public func merging(_ other: ReadSummary) -> ReadSummary {
        var merged = self
        merged.merge(other)
        return merged
    }

    /// One clause per skip reason, e.g. `3 malformed lines skipped, first at events.jsonl:1207`,
    /// joined by `; `; `no lines skipped` when nothing was skipped.
    public var description: String {
        let clauses = SkipReason.allCases.compactMap { reason -> String? in
            guard let tally = tallies[reason] else { return nil }
            let phrase = reason.phrase(count: tally.count)
            return tally.count == 1
                ? "\(phrase) (\(tally.firstLocation))"
                : "\(phrase), first at \(tally.firstLocation)"
        }
        return clauses.isEmpty ? "no lines skipped" : clauses.joined(separator: "; ")
    }

    /// Counts an event read at `time`, towards ``latestEventTime`` and ``earliestEventTime``.
    @inline(__always)
    mutating func noteEvent(at time: EventTimestamp) {
        eventCount += 1
        if time.millisecondsSince1970 > latestMilliseconds { latestMilliseconds = time.millisecondsSince1970 }
        if time.millisecondsSince1970 < earliestMilliseconds { earliestMilliseconds = time.millisecondsSince1970 }
    }

    /// Counts a line skipped for `reason` at `location`.
    mutating func recordSkip(_ reason: SkipReason, at location: LineLocation) {
        if let tally = tallies[reason] {
            tallies[reason] = Tally(count: tally.count + 1, firstLocation: tally.firstLocation)
        } else {
            tallies[reason] = Tally(count: 1, firstLocation: location)
        }
    }

    /// Adds `other`, whose line numbers count from the start of a chunk that begins after
    /// `offset` lines of the same file, to this summary.
    mutating func merge(_ other: ReadSummary, shiftingLinesBy offset: Int) {
        eventCount += other.eventCount
        lineCount += other.lineCount
        latestMilliseconds = max(latestMilliseconds, other.latestMilliseconds)
        earliestMilliseconds = min(earliestMilliseconds, other.earliestMilliseconds)
        for (reason, tally) in other.tallies {
            if let existing = tallies[reason] {
                tallies[reason] = Tally(count: existing.count + tally.count, firstLocation: existing.firstLocation)
            } else {
                var location = tally.firstLocation
                location.line += offset
                tallies[reason] = Tally(count: tally.count, firstLocation: location)
            }
        }
    }
}
