/// Parses the 24-byte timestamp form `JSONLineEncoder` writes (`2026-11-22T09:30:00.125Z`),
/// remembering the last date so consecutive lines of the same day skip the calendar arithmetic.
///
/// Gives exactly what `EventTimestamp(iso8601:)` gives for that form (the same range checks,
/// the same calendar) and defers to it for every other form.
///
/// A struct over a view of one slot, so that using it costs no reference counting; `ScannerCaches`
/// owns the slot (a ``Storage``), which is freed when it goes.
struct CanonicalTimestampParser {
    struct RememberedDate {
        /// `YYYY-MM-DD` as loaded from the line: eight bytes, then two.
        var firstEight: UInt64
        var lastTwo: UInt16
        var millisecondsSince1970: Int64
    }

    /// The slot a parser remembers its last date in, owned apart from it.
    typealias Storage = FixedSlots<RememberedDate?>

    /// One slot: the last date parsed.
    private let remembered: SlotsView<RememberedDate?>

    /// A slot remembering no date yet.
    static func storage() -> Storage {
        Storage(count: 1, repeating: nil)
    }

    /// A parser remembering its last date in `storage`, which must outlive it.
    init(_ storage: borrowing Storage) {
        remembered = storage.view
    }

    /// The timestamp `text` holds, or nil when it is not in the log format's time grammar (`EventTimestamp(iso8601:)`).
    @inline(__always)
    func timestamp(_ text: ByteView) -> EventTimestamp? {
        canonicalTimestamp(text) ?? EventTimestamp(iso8601: text)
    }

    /// The timestamp `text` holds when it is in the 24-byte form, else nil (though it may be another form).
    ///
    /// Every byte of a text it accepts is a digit or one of `-T:.Z`, so the text needs no other check to be
    /// a JSON string's whole body.
    @inline(__always)
    func canonicalTimestamp(_ text: ByteView) -> EventTimestamp? {
        guard text.count == 24,
              text[10] == UInt8(ascii: "T"), text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
              text[19] == UInt8(ascii: "."), text[23] == UInt8(ascii: "Z"),
              let dayStart = dayStart(text),
              let hour = twoDigits(text, at: 11), let minute = twoDigits(text, at: 14), let second = twoDigits(text, at: 17),
              let hundreds = twoDigits(text, at: 20), let lastDigit = digit(text[22]),
              hour < 24, minute < 60, second < 61
        else { return nil }
        let timeOfDay = (hour * 3600 + minute * 60 + second) * 1000 + hundreds * 10 + lastDigit
        return EventTimestamp(millisecondsSince1970: dayStart + timeOfDay)
    }

    /// Milliseconds since 1970 at the start of the date in the first ten bytes, or nil when
    /// they are not a valid `YYYY-MM-DD`.
    @inline(__always)
    private func dayStart(_ text: ByteView) -> Int64? {
        let firstEight = text.load(UInt64.self, at: 0)
        let lastTwo = text.load(UInt16.self, at: 8)
        if let date = remembered[0], date.firstEight == firstEight, date.lastTwo == lastTwo {
            return date.millisecondsSince1970
        }
        guard text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
              let century = twoDigits(text, at: 0), let yearOfCentury = twoDigits(text, at: 2),
              let month = twoDigits(text, at: 5), let day = twoDigits(text, at: 8),
              (1...12).contains(month), (1...CivilDate.daysInMonth(month, of: century * 100 + yearOfCentury)).contains(day)
        else { return nil }
        let days = CivilDate(year: century * 100 + yearOfCentury, month: month, day: day).daysSince1970
        let start = days * 86_400_000
        remembered[0] = RememberedDate(firstEight: firstEight, lastTwo: lastTwo, millisecondsSince1970: start)
        return start
    }

    @inline(__always)
    private func digit(_ byte: UInt8) -> Int64? {
        let value = byte &- UInt8(ascii: "0")
        return value < 10 ? Int64(value) : nil
    }

    @inline(__always)
    private func twoDigits(_ text: ByteView, at offset: Int) -> Int64? {
        guard let tens = digit(text[offset]), let ones = digit(text[offset + 1]) else { return nil }
        return tens * 10 + ones
    }
}
