/// Appends the ISO 8601 text of timestamps, formatting the time of day only when the second
/// differs from the last one's, and the date only when the day does: a session's events mostly
/// share their second, and a simulation's their day.
///
/// The text is exactly what `EventTimestamp.append(to:)` writes.
package struct EventTimestampTextCache {
    @usableFromInline var second = Int64.min
    /// The first millisecond of the day `text` shows.
    @usableFromInline var day = Int64.min
    @usableFromInline var text = TimestampText()

    /// Creates an empty cache.
    package init() {}

    /// Appends the 24-byte ISO 8601 form of `timestamp` to `bytes`.
    package mutating func append(_ timestamp: EventTimestamp, to bytes: inout [UInt8]) {
        text(of: timestamp).append(to: &bytes)
    }

    /// The 24-byte ISO 8601 form of `timestamp`.
    ///
    /// Inlinable so that the caller's copy of the text is inlined too: it runs for every event logged.
    @inlinable
    package mutating func text(of timestamp: EventTimestamp) -> TimestampText {
        let millis = timestamp.millisecondsSince1970
        guard millis >= EventTimestamp.earliestWritable, millis <= EventTimestamp.latestWritable else {
            var clamped = TimestampText()
            timestamp.format(into: &clamped)
            return clamped
        }
        let second = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        if second != self.second {
            let millisOfDay = millis &- day
            if millisOfDay >= 0, millisOfDay < 86_400_000 {
                text.putTwoDigits(millisOfDay / 3_600_000, at: 11)
                text.putTwoDigits(millisOfDay / 60_000 % 60, at: 14)
                text.putTwoDigits(millisOfDay / 1000 % 60, at: 17)
                text.putTwoDigits(millisOfDay % 1000 / 10, at: 20)
                text[22] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: millisOfDay % 10)
            } else {
                timestamp.format(into: &text)
                day = millis >= 0 ? millis / 86_400_000 * 86_400_000 : (millis - 86_399_999) / 86_400_000 * 86_400_000
            }
            self.second = second
        } else {
            let millisOfSecond = millis - second * 1000
            text[20] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: millisOfSecond / 100)
            text[21] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: millisOfSecond / 10 % 10)
            text[22] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: millisOfSecond % 10)
        }
        return text
    }
}
