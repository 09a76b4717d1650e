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
/// A class, so that handing one to every event of its variant is a single reference count.
package final class LineAttribution {
    package let experiment: String?
    package let variant: String?
    package let bytes: [UInt8]

    init(experiment: String?, variant: String?, bytes: [UInt8]) {
        self.experiment = experiment
        self.variant = variant
        self.bytes = bytes
    }
}
