/// An integer's decimal text, `String(value)`'s bytes, written straight into memory: the one digit
/// writer of the event line and of anything else that builds text around a number on a hot path.
package enum DecimalText {
    /// The number of bytes `String(value)` takes: the digits, and a minus sign when negative.
    @inlinable
    package static func length(of value: Int) -> Int {
        var digits = 1
        var rest = value.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return value < 0 ? digits + 1 : digits
    }

    /// Writes `String(value)`'s bytes at the start of `destination`, which must have room for
    /// ``length(of:)`` of them (20 hold any `Int`), and returns how many it wrote.
    @inlinable
    static func write(_ value: Int, to destination: MutableByteView) -> Int {
        let length = length(of: value)
        if value < 0 {
            destination[0] = UInt8(ascii: "-")
        }
        var magnitude = value.magnitude
        var position = length
        repeat {
            position -= 1
            destination[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        return length
    }

    /// `"\(prefix)\(value)\(suffix)"`, made in one allocation without the interpolation's intermediate strings.
    package static func string(_ prefix: String, _ value: Int, _ suffix: String) -> String {
        let valueLength = length(of: value)
        return MutableByteView.string(utf8Capacity: prefix.utf8.count + valueLength + suffix.utf8.count) { text in
            var end = text.copy(contentsOf: prefix.utf8, at: 0)
            end += write(value, to: text.bytes(end..<text.count))
            end += text.copy(contentsOf: suffix.utf8, at: end)
            return end
        }
    }
}
