/// Formats numbers exactly as JavaScript's `String(number)` does (ECMAScript `Number::toString`).
///
/// GrowthBook stringifies numeric hash attributes and numeric `$v…` operands this way, so `1.0` hashes as `"1"`.
@usableFromInline package enum JavaScriptNumberFormat {
    /// The JavaScript string for `value`, e.g. `"1"`, `"0.5"`, `"1e+21"`, `"1.5e-7"`, `"NaN"`, `"-Infinity"`.
    @usableFromInline package static func string(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value == 0 { return "0" }
        if value < 0 { return "-" + string(-value) }
        if value.isInfinite { return "Infinity" }
        // Swift's description gives the shortest round-tripping digits, like "1.5", "0.0001", "1e+16" or "1.5e-07".
        let text = value.description
        let parts = text.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
        let mantissa = parts[0]
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let mantissaParts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = mantissaParts[0]
        let fraction = mantissaParts.count > 1 ? mantissaParts[1] : ""
        let padded = String((whole + fraction).drop { $0 == "0" })
        var digits = padded
        while digits.last == "0" { digits.removeLast() }
        let digitCount = digits.count
        // value = 0.d1d2…dk × 10^n
        let n = exponent - fraction.count + padded.count
        if digitCount <= n && n <= 21 {
            return digits + String(repeating: "0", count: n - digitCount)
        }
        if 0 < n && n <= 21 {
            let split = digits.index(digits.startIndex, offsetBy: n)
            return digits[..<split] + "." + digits[split...]
        }
        if -6 < n && n <= 0 {
            return "0." + String(repeating: "0", count: -n) + digits
        }
        let first = digits.prefix(1)
        let rest = digits.dropFirst()
        let scientificMantissa = rest.isEmpty ? String(first) : first + "." + rest
        return scientificMantissa + "e" + (n > 0 ? "+" : "-") + String(abs(n - 1))
    }
}
