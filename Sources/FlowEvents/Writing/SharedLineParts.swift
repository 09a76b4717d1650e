/// The parts of JSON lines that many sessions share, encoded once and reused by every session
/// recorded into the same buffer: the text of the current second, and the
/// `…,"variant":…,"type":"` bytes of each attribution seen.
package final class SharedLineParts {
    // Read on every line, by one session at a time and never in overlapping accesses: the run-time
    // exclusivity checks would be a tenth of the cost of encoding a line.
    /// The timestamp text of the second last written.
    @usableFromInline @exclusivity(unchecked) var timestamps = EventTimestampTextCache()
    /// Found by linear search: a population runs a handful of attributions.
    @exclusivity(unchecked) private var attributions: [(experiment: String?, variant: String?, bytes: [UInt8])] = []

    /// Creates parts shared by nothing yet.
    package init() {
        attributions.reserveCapacity(8)
    }

    /// `…,"variant":…,"type":"` for an event attributed to `variant`, chosen by `experiment`.
    package func attribution(experiment: String?, variant: String?) -> [UInt8] {
        for attribution in attributions where attribution.variant == variant && attribution.experiment == experiment {
            return attribution.bytes
        }
        var bytes: [UInt8] = []
        Self.appendOptionalString(experiment, to: &bytes)
        bytes.append(contentsOf: #","variant":"#.utf8)
        Self.appendOptionalString(variant, to: &bytes)
        bytes.append(contentsOf: #","type":""#.utf8)
        attributions.append((experiment, variant, bytes))
        return bytes
    }

    private static func appendOptionalString(_ value: String?, to bytes: inout [UInt8]) {
        if let value {
            JSONLineEncoder.appendString(value, to: &bytes)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
    }
}
