/// A point in time with millisecond precision, written as ISO 8601 UTC (`2026-11-22T09:30:00.125Z`).
///
/// Stored as milliseconds since 1970 so that formatting and parsing need no calendar or locale.
public struct EventTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var millisecondsSince1970: Int64

    /// Creates a timestamp from milliseconds since 1970.
    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// The ISO 8601 text of this timestamp, as written to the log.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func < (lhs: EventTimestamp, rhs: EventTimestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    /// Appends the 24-byte ISO 8601 form (`YYYY-MM-DDTHH:MM:SS.mmmZ`) to `bytes`.
    ///
    /// Years outside 0...9999 are clamped to that range: the log format has four year digits.
    public func append(to bytes: inout [UInt8]) {
        var text = TimestampText()
        format(into: &text)
        text.append(to: &bytes)
    }

    /// The earliest time the log format can write: 0000-01-01T00:00:00.000Z.
    @usableFromInline static let earliestWritable: Int64 = -62_167_219_200_000
    /// The latest time the log format can write: 9999-12-31T23:59:59.999Z.
    @usableFromInline static let latestWritable: Int64 = 253_402_300_799_999

    /// Writes the ISO 8601 form of this timestamp, clamped to the writable years, into `text`.
    package func format(into text: inout TimestampText) {
        let millis = min(max(millisecondsSince1970, Self.earliestWritable), Self.latestWritable)
        let days = millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000
        let millisOfDay = millis - days * 86_400_000
        let date = CivilDate(daysSince1970: days)
        func put(_ value: Int64, digits: Int, at offset: Int) {
            var remaining = value
            for position in stride(from: offset + digits - 1, through: offset, by: -1) {
                text[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            }
        }
        put(date.year, digits: 4, at: 0)
        text[4] = UInt8(ascii: "-")
        put(date.month, digits: 2, at: 5)
        text[7] = UInt8(ascii: "-")
        put(date.day, digits: 2, at: 8)
        text[10] = UInt8(ascii: "T")
        put(millisOfDay / 3_600_000, digits: 2, at: 11)
        text[13] = UInt8(ascii: ":")
        put(millisOfDay / 60_000 % 60, digits: 2, at: 14)
        text[16] = UInt8(ascii: ":")
        put(millisOfDay / 1000 % 60, digits: 2, at: 17)
        text[19] = UInt8(ascii: ".")
        put(millisOfDay % 1000, digits: 3, at: 20)
        text[23] = UInt8(ascii: "Z")
    }

    /// Parses the log format's time grammar (docs/Events.md, "Times"): RFC 3339's date-time with a capital `T`,
    /// an optional fraction of 1 to 9 digits (digits past milliseconds are dropped) and a zone of `Z` or `±hh:mm`
    /// (hours below 24, minutes below 60); the form `append(to:)` writes is one of them.
    ///
    /// The date must exist (no 30 February); a second of 60 is read as the next minute's first. Returns nil for
    /// anything else. `switchyard sql` checks and converts times with this grammar too (`TimeTextExpression`).
    public init?(iso8601 text: some Collection<UInt8>) {
        var reader = DigitReader(text)
        guard let year = reader.number(digits: 4), reader.skip("-"),
              let month = reader.number(digits: 2), reader.skip("-"),
              let day = reader.number(digits: 2), reader.skip("T"),
              let hour = reader.number(digits: 2), reader.skip(":"),
              let minute = reader.number(digits: 2), reader.skip(":"),
              let second = reader.number(digits: 2),
              (1...12).contains(month), (1...CivilDate.daysInMonth(month, of: year)).contains(day),
              hour < 24, minute < 60, second < 61
        else { return nil }
        var millis: Int64 = 0
        if reader.skip(".") {
            var scale: Int64 = 100
            var fractionDigits = 0
            while let digit = reader.digit() {
                millis += Int64(digit) * scale
                scale /= 10
                fractionDigits += 1
            }
            guard (1...9).contains(fractionDigits) else { return nil }
        }
        var offsetMinutes: Int64 = 0
        if !reader.skip("Z") {
            let sign: Int64
            if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
            guard let offsetHours = reader.number(digits: 2), reader.skip(":"), let offsetMinute = reader.number(digits: 2),
                  offsetHours < 24, offsetMinute < 60
            else { return nil }
            offsetMinutes = sign * (offsetHours * 60 + offsetMinute)
        }
        guard reader.isAtEnd else { return nil }
        let days = CivilDate(year: year, month: month, day: day).daysSince1970
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
        self.init(millisecondsSince1970: seconds * 1000 + millis)
    }
}

/// A proleptic Gregorian date, converted to and from days since 1970 (Howard Hinnant's algorithms).
struct CivilDate {
    var year: Int64
    var month: Int64
    var day: Int64

    init(year: Int64, month: Int64, day: Int64) {
        self.year = year
        self.month = month
        self.day = day
    }

    init(daysSince1970: Int64) {
        let z = daysSince1970 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The number of days of `month` (1 to 12) in `year`, of the proleptic Gregorian calendar.
    static func daysInMonth(_ month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    var daysSince1970: Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// Reads fixed-width ASCII numbers and separators off a byte collection.
private struct DigitReader<Bytes: Collection<UInt8>> {
    let bytes: Bytes
    var index: Bytes.Index

    init(_ bytes: Bytes) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    var isAtEnd: Bool { index == bytes.endIndex }

    mutating func digit() -> Int64? {
        guard index != bytes.endIndex else { return nil }
        let byte = bytes[index]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        bytes.formIndex(after: &index)
        return Int64(byte - UInt8(ascii: "0"))
    }

    mutating func number(digits: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<digits {
            guard let next = digit() else { return nil }
            value = value * 10 + next
        }
        return value
    }

    mutating func skip(_ separator: Unicode.Scalar) -> Bool {
        guard index != bytes.endIndex, bytes[index] == UInt8(ascii: separator) else { return false }
        bytes.formIndex(after: &index)
        return true
    }
}
