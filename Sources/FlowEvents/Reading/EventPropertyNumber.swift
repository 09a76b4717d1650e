/// Numbers in event properties: the one way to write one and the one way to read one.
///
/// Properties are strings, so a number is written as decimal text (`"amount_cents":"4599"`),
/// which `jq`, DuckDB and ClickHouse read as they read any string and cast as they cast any
/// number. `text(_:)`, for an `Int` or a `Double`, writes it; ``read(_:)`` reads a property's
/// text back, whoever wrote it:
///
/// ```swift
/// switch EventPropertyNumber.read(event.properties["amount_cents"]) {
/// case .success(let cents): total += cents
/// case .failure(.absent): break                   // the event carries no amount
/// case .failure(let failure): skipped[failure, default: 0] += 1
/// }
/// ```
///
/// **Reading.** The text must be a JSON number, exactly: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`,
/// nothing around it. So `4599`, `-12.5`, `1e-7` and `2.5E+3` are numbers, and `""`, `" 1"`,
/// `+1`, `007`, `1.`, `.5`, `0x10`, `1_000`, `NaN`, `Infinity` and `abc` are not. Its value is the
/// `Double` nearest to the decimal it spells, as JSON parsers and Python's `float` round: a
/// 300-digit integer is read, rounded to the nearest `Double`; a number whose magnitude rounds
/// past `Double.greatestFiniteMagnitude` (`1e400`, any integer of 310 digits or more) is
/// ``Failure/outOfRange``; one too small for a `Double` (`1e-400`) rounds to zero, keeping its sign.
/// Logs of other tools that write a property as a JSON number (`"amount_cents":4599`) are read the
/// same: the reader keeps such a value as the text it was written with.
///
/// **Writing.** Integers as their decimal digits, a `-` before a negative one (`4599`, `-3`).
/// Decimals as the fewest significant digits that read back as the same `Double` (Swift's
/// `description`), in plain positional notation, never an exponent: `0.1`, `12.5`, `0.0000001`,
/// and a whole-valued decimal as the integer (`4599.0` is `4599`, `-0.0` is `0`), so that one
/// number has one text. NaN and the infinities have none: `text(_:)` returns nil for them.
public enum EventPropertyNumber {
    /// Why a property is not a number.
    public enum Failure: Error, Sendable, Hashable {
        /// The event has no such property.
        case absent
        /// The text is not a JSON number: empty, with spaces, `NaN`, `Infinity`, `0x10`, `abc`, ….
        case notANumber
        /// A JSON number beyond `Double`'s range, such as `1e400`.
        case outOfRange
    }

    /// The number `text` spells; a failure says why there is none (nil is ``Failure/absent``).
    public static func read(_ text: String?) -> Result<Double, Failure> {
        guard var text else { return .failure(.absent) }
        if let result = text.utf8.withContiguousStorageIfAvailable({ read(utf8: $0) }) { return result }
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { read(utf8: $0) } ?? .failure(.notANumber)
    }

    /// The number the property `key` of `properties` holds, as ``read(_:)`` reads it.
    public static func read(_ key: String, in properties: [String: String]) -> Result<Double, Failure> {
        read(properties[key])
    }

    /// The number the UTF-8 text `bytes` spells, as ``read(_:)`` reads it: for readers holding a
    /// property's bytes, without making its string.
    package static func read(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Result<Double, Failure> {
        guard let scanned = ScannedNumber(bytes) else { return .failure(.notANumber) }
        if let exact = scanned.exactValue { return .success(exact) }
        // Beyond the exact cases, the standard library's correctly rounded conversion, given text
        // already known to be a JSON number (which its grammar includes).
        guard let value = Double(String(decoding: bytes, as: UTF8.self)) else { return .failure(.notANumber) }
        return value.isFinite ? .success(value) : .failure(.outOfRange)
    }
}

/// A JSON number's text taken apart: its sign, its first 19 significant digits as an integer, and
/// the power of ten they are scaled by.
struct ScannedNumber {
    let isNegative: Bool
    /// The significant digits read, at most 19 of them (which an `UInt64` holds).
    let significand: UInt64
    /// Whether digits beyond those 19 were left out.
    let isTruncated: Bool
    /// The value is `significand × 10^exponent`, when nothing was left out. Saturated far beyond
    /// any `Double`'s range, so that no exponent text overflows it.
    let exponent: Int

    /// The parts of `bytes`, or nil when they are not exactly a JSON number.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        var index = 0
        isNegative = count > 0 && bytes[0] == UInt8(ascii: "-")
        if isNegative { index = 1 }
        var significand: UInt64 = 0
        var digits = 0
        var truncated = false
        var scale = 0
        // One digit into the significand, leading zeros skipped; past 19, only noted.
        func take(_ digit: UInt8) {
            guard digits > 0 || digit != 0 else { return }
            if digits < 19 {
                significand = significand * 10 + UInt64(digit)
                digits += 1
            } else {
                truncated = truncated || digit != 0
                scale += 1
            }
        }
        // The integer part: 0, or digits not starting with 0.
        guard index < count, let first = Self.digit(bytes[index]) else { return nil }
        index += 1
        if first == 0 {
            if index < count, Self.digit(bytes[index]) != nil { return nil }
        } else {
            take(first)
            while index < count, let digit = Self.digit(bytes[index]) {
                take(digit)
                index += 1
            }
        }
        // The fraction: a point and at least one digit.
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < count, Self.digit(bytes[index]) != nil else { return nil }
            while index < count, let digit = Self.digit(bytes[index]) {
                if digits < 19 {
                    // A kept digit, or a leading zero: either way the point moves one place.
                    take(digit)
                    scale -= 1
                } else {
                    truncated = truncated || digit != 0
                }
                index += 1
            }
        }
        // The exponent: e or E, a sign or none, at least one digit.
        var exponent = 0
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var negativeExponent = false
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                negativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < count, Self.digit(bytes[index]) != nil else { return nil }
            while index < count, let digit = Self.digit(bytes[index]) {
                exponent = min(exponent * 10 + Int(digit), Self.exponentLimit)
                index += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        guard index == count else { return nil }
        self.significand = significand
        self.isTruncated = truncated
        self.exponent = max(-Self.exponentLimit, min(Self.exponentLimit, exponent + scale))
    }

    /// Far beyond `Double`'s range (about 10^-324 to 10^308) however many digits precede it.
    private static let exponentLimit = 1_000_000

    /// The value when it is exact without rounding twice: zero, or a significand below 2^53
    /// scaled by a power of ten that a `Double` holds exactly (10^0 to 10^22), one correctly
    /// rounded multiplication or division. Nil otherwise.
    var exactValue: Double? {
        if significand == 0 && !isTruncated { return isNegative ? -0.0 : 0.0 }
        guard !isTruncated, significand <= 1 << 53, (-22...22).contains(exponent) else { return nil }
        let magnitude = exponent < 0
            ? Double(significand) / Self.powersOfTen[-exponent]
            : Double(significand) * Self.powersOfTen[exponent]
        return isNegative ? -magnitude : magnitude
    }

    /// 10^0 to 10^22, each exact in a `Double`.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The value of an ASCII digit, or nil.
    private static func digit(_ byte: UInt8) -> UInt8? {
        let value = byte &- UInt8(ascii: "0")
        return value < 10 ? value : nil
    }
}
