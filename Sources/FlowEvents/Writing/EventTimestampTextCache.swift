/// Appends the ISO 8601 text of timestamps, formatting the time of day only when the second
/// differs from the last one's, and the date only when the day does: a session's events mostly
/// share their second, and a simulation's their day.
///
/// The text is exactly what `EventTimestamp.append(to:)` writes.
package struct EventTimestampTextCache {
    @usableFromInline var second = Int64.min
    /// The first millisecond of the day `text` shows.
    @usableFromInline var day = Int64.min
    @usableFromInline var text: EventTimestamp.Text = (0, 0, 0)

    /// Creates an empty cache.
    package init() {}

    /// Appends the 24-byte ISO 8601 form of `timestamp` to `bytes`.
    package mutating func append(_ timestamp: EventTimestamp, to bytes: inout [UInt8]) {
        withText(of: timestamp) { bytes.append(contentsOf: $0) }
    }

    /// Calls `body` with the 24-byte ISO 8601 form of `timestamp`.
    ///
    /// Inlinable so that the caller's `body` is inlined too: it runs for every event logged.
    @inlinable
    package mutating func withText<Result>(of timestamp: EventTimestamp, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let millis = timestamp.millisecondsSince1970
        guard millis >= EventTimestamp.earliestWritable, millis <= EventTimestamp.latestWritable else {
            var clamped: EventTimestamp.Text = (0, 0, 0)
            timestamp.format(into: &clamped)
            return withUnsafeBytes(of: clamped, body)
        }
        let second = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        if second != self.second {
            let millisOfDay = millis &- day
            if millisOfDay >= 0, millisOfDay < 86_400_000 {
                withUnsafeMutableBytes(of: &text) { raw in
                    Self.put(millisOfDay / 3_600_000, at: 11, in: raw)
                    Self.put(millisOfDay / 60_000 % 60, at: 14, in: raw)
                    Self.put(millisOfDay / 1000 % 60, at: 17, in: raw)
                    Self.put(millisOfDay % 1000 / 10, at: 20, in: raw)
                    raw[22] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: millisOfDay % 10)
                }
            } else {
                timestamp.format(into: &text)
                day = millis >= 0 ? millis / 86_400_000 * 86_400_000 : (millis - 86_399_999) / 86_400_000 * 86_400_000
            }
            self.second = second
        } else {
            let millisOfSecond = millis - second * 1000
            withUnsafeMutableBytes(of: &text) { raw in
                raw[20] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: millisOfSecond / 100)
                raw[21] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: millisOfSecond / 10 % 10)
                raw[22] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: millisOfSecond % 10)
            }
        }
        return withUnsafeBytes(of: text, body)
    }

    /// Writes the two digits of `value` (below 100) at `offset`.
    @inlinable @inline(__always)
    static func put(_ value: Int64, at offset: Int, in raw: UnsafeMutableRawBufferPointer) {
        raw[offset] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
        raw[offset + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
    }
}
