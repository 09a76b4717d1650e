extension EventPropertyNumber {
    /// The text a property holding `value` is written with: its decimal digits, `-` first when
    /// negative, as `String(value)` writes them.
    public static func text(_ value: Int) -> String {
        String(value)
    }

    /// The text a property holding `value` is written with, or nil for NaN and the infinities,
    /// which are not numbers a log can hold.
    ///
    /// The fewest significant digits that read back as `value`, in positional notation without an
    /// exponent, and without a fraction when `value` is whole: `0.1`, `-12.5`, `0.0000001`, `4599`
    /// (for `4599.0`), `0` (for `-0.0` too). ``read(_:)`` gives `value` back for every text this gives.
    public static func text(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        guard value != 0 else { return "0" }
        // Whole values that an Int holds exactly are written as that Int.
        if value.magnitude < 0x1p53, value == value.rounded(.towardZero) { return String(Int(value)) }
        // Swift's description holds the shortest round-tripping digits, such as "1.5e-07", "0.001"
        // or "1.7976931348623157e+308": its digits and the place of its point are laid out afresh.
        let description = value.magnitude.description.utf8
        var digits: [UInt8] = []
        digits.reserveCapacity(17)
        var pointAfter: Int?
        var exponent = 0
        var index = description.startIndex
        while index != description.endIndex {
            let byte = description[index]
            index = description.index(after: index)
            if byte == UInt8(ascii: ".") {
                pointAfter = digits.count
            } else if byte == UInt8(ascii: "e") {
                exponent = Int(Substring(description[index...])) ?? 0
                break
            } else {
                digits.append(byte)
            }
        }
        // value = 0.d1d2…dk × 10^position, leading and trailing zeros dropped from the digits.
        var position = (pointAfter ?? digits.count) + exponent
        let leadingZeros = digits.prefix { $0 == UInt8(ascii: "0") }.count
        digits.removeFirst(leadingZeros)
        position -= leadingZeros
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }

        var text: [UInt8] = value < 0 ? [UInt8(ascii: "-")] : []
        if position >= digits.count {
            text += digits
            text += repeatElement(UInt8(ascii: "0"), count: position - digits.count)
        } else if position > 0 {
            text += digits[..<position]
            text.append(UInt8(ascii: "."))
            text += digits[position...]
        } else {
            text += [UInt8(ascii: "0"), UInt8(ascii: ".")]
            text += repeatElement(UInt8(ascii: "0"), count: -position)
            text += digits
        }
        return String(decoding: text, as: UTF8.self)
    }
}
