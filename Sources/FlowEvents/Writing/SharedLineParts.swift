/// The parts of JSON lines that many sessions share, encoded once and reused by every session
/// recorded into the same buffer: the text of the current second, and the
/// `…,"variant":…,"type":"` bytes of each attribution seen.
package final class SharedLineParts {
    // Read on every line, by one session at a time and never in overlapping accesses: the run-time
    // exclusivity checks would be a tenth of the cost of encoding a line.
    /// The timestamp text of the second last written.
    @usableFromInline @exclusivity(unchecked) var timestamps = EventTimestampTextCache()
    /// Found by linear search: a population runs a handful of attributions.
    @exclusivity(unchecked) private var attributions: [LineAttribution] = []

    /// Creates parts shared by nothing yet.
    package init() {
        attributions.reserveCapacity(8)
    }

    /// `…,"variant":…,"type":"` for an event attributed to `variant`, chosen by `experiment`.
    package func attribution(experiment: String?, variant: String?) -> [UInt8] {
        lineAttribution(experiment: experiment, variant: variant).bytes
    }

    /// The attribution to `variant`, chosen by `experiment`, with its bytes: one object for all the
    /// sessions written with these parts, so a session that meets it allocates nothing.
    package func lineAttribution(experiment: String?, variant: String?) -> LineAttribution {
        for attribution in attributions where attribution.variant == variant && attribution.experiment == experiment {
            return attribution
        }
        var bytes: [UInt8] = []
        Self.appendOptionalString(experiment, to: &bytes)
        bytes.append(contentsOf: #","variant":"#.utf8)
        Self.appendOptionalString(variant, to: &bytes)
        bytes.append(contentsOf: #","type":""#.utf8)
        let attribution = LineAttribution(experiment: experiment, variant: variant, bytes: bytes)
        attributions.append(attribution)
        return attribution
    }

    private static func appendOptionalString(_ value: String?, to bytes: inout [UInt8]) {
        if let value {
            JSONLineEncoder.appendString(value, to: &bytes)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
    }
}

/// Who an event is attributed to, a variant and the experiment that chose it, with the part of the
/// event's line that says so: `…,"variant":…,"type":"`.
///
/// A class, so that handing one to every event of its variant is a single reference count. It also
/// keeps the tails of the lines attributed to it (see ``LineTailKey``), for the sessions sharing its
/// `SharedLineParts`, one at a time, as they do the rest of those parts.
package final class LineAttribution {
    package let experiment: String?
    package let variant: String?
    package let bytes: [UInt8]
    /// The tails encoded so far, by event type (`EventType.denseIndex`), each at most `tailsPerType`.
    @exclusivity(unchecked) private var tails: [[LineTail]] = []

    /// The most tails kept for one event type: a flow's lines of one type and attribution have a handful,
    /// and a caller whose keys hold ever new text stops being helped past this, rather than searching more.
    static let tailsPerType = 32

    /// A class, so that a search reads kept keys in place rather than copying them.
    private final class LineTail {
        let key: LineTailKey
        let bytes: [UInt8]

        init(key: LineTailKey, bytes: [UInt8]) {
            self.key = key
            self.bytes = bytes
        }
    }

    init(experiment: String?, variant: String?, bytes: [UInt8]) {
        self.experiment = experiment
        self.variant = variant
        self.bytes = bytes
    }

    /// Appends the tail kept for lines of `event` to `line` and says whether there was one.
    @inline(__always)
    func appendTail(of event: RecurringEvent, to line: LineBuffer) -> Bool {
        let slot = event.type.denseIndex
        guard slot < tails.count else { return false }
        for tail in tails[slot] where tail.key.matches(event) {
            line.append(tail.bytes)
            return true
        }
        return false
    }

    /// Keeps `bytes` as the tail of lines with `key`, unless the type has its fill of them.
    func keepTail(_ key: LineTailKey, bytes: [UInt8]) {
        let slot = key.type.denseIndex
        if tails.isEmpty { tails = Array(repeating: [], count: EventType.denseIndexCount) }
        guard tails[slot].count < Self.tailsPerType else { return }
        tails[slot].append(LineTail(key: key, bytes: bytes))
    }
}
