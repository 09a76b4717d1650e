/// Reads the number an event property holds, for metrics that sum one.
enum MetricNumber {
    /// The finite number `text` spells in JSON's number grammar (`-12`, `45.99`, `1e3`), or nil for anything
    /// else: empty text, words such as `NaN` or `Infinity`, hexadecimal, surrounding spaces, or a number too
    /// large for a Double.
    static func value(of text: String) -> Double? {
        guard isJSONNumber(text.utf8), let number = Double(text), number.isFinite else { return nil }
        return number
    }

    private static func isJSONNumber(_ bytes: String.UTF8View) -> Bool {
        var index = bytes.startIndex
        func digits() -> Int {
            var count = 0
            while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                count += 1
                index = bytes.index(after: index)
            }
            return count
        }
        func take(_ byte: UInt8) -> Bool {
            guard index < bytes.endIndex, bytes[index] == byte else { return false }
            index = bytes.index(after: index)
            return true
        }
        _ = take(UInt8(ascii: "-"))
        let leadingZero = index < bytes.endIndex && bytes[index] == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0, !leadingZero || integerDigits == 1 else { return false }
        if take(UInt8(ascii: ".")), digits() == 0 { return false }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            if digits() == 0 { return false }
        }
        return index == bytes.endIndex
    }
}
