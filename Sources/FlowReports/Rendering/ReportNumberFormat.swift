/// Locale-independent, deterministic number wording shared by the renderers.
///
/// Built on integer arithmetic rather than `String(format:)` or formatters, so the output never depends on the
/// locale or the platform. Non-finite values are written `NaN`, `inf` and `-inf` rather than trapping.
package enum ReportNumberFormat {
    /// `value` rounded half away from zero to `places` decimals (0...9), e.g. `fixed(2.345, places: 1)` is `2.3`.
    static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-inf" : "inf") }
        let places = min(max(places, 0), 9)
        var powerOfTen: Int64 = 1
        for _ in 0..<places { powerOfTen *= 10 }
        let scaled = (value.magnitude * Double(powerOfTen)).rounded(.toNearestOrAwayFromZero)
        // Beyond 2^53 doubles are integers already; their description is exact and locale-independent.
        guard scaled < 9_007_199_254_740_992 else { return value.description }
        let units = Int64(scaled)
        var text = String(units / powerOfTen)
        if places > 0 {
            let fraction = String(units % powerOfTen)
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return (value < 0 && units != 0 ? "-" : "") + text
    }

    /// A fraction as a percentage with one decimal, e.g. 0.4567 → `45.7%`.
    static func percent(_ fraction: Double) -> String {
        fixed(fraction * 100, places: 1) + "%"
    }

    /// A difference of fractions in signed percentage points, e.g. 0.021 → `+2.1 pp`.
    static func percentagePoints(_ difference: Double) -> String {
        signedFixed(difference * 100, places: 1) + " pp"
    }

    /// A fraction change as a signed percentage, e.g. 0.125 → `+12.5%`.
    static func signedPercent(_ fraction: Double) -> String {
        signedFixed(fraction * 100, places: 1) + "%"
    }

    /// An interval of fraction differences in percentage points, e.g. `[-1.2, +3.4] pp`.
    static func percentagePointInterval(_ interval: ConfidenceInterval) -> String {
        "[\(signedFixed(interval.lower * 100, places: 1)), \(signedFixed(interval.upper * 100, places: 1))] pp"
    }

    /// A p-value with three decimals, or `< 0.001`.
    static func pValue(_ p: Double) -> String {
        guard p.isFinite else { return fixed(p, places: 3) }
        return p < 0.001 ? "< 0.001" : fixed(p, places: 3)
    }

    /// The confidence level of `alpha`, e.g. 0.05 → `95%`, 0.005 → `99.5%`.
    static func confidenceLevel(alpha: Double) -> String {
        trimmed((1 - alpha) * 100, places: 2) + "%"
    }

    /// `value` with at most `places` decimals and no trailing zeros, e.g. 0.050 → `0.05`, 2.0 → `2`.
    static func trimmed(_ value: Double, places: Int) -> String {
        var text = fixed(value, places: places)
        if text.contains("."), value.isFinite {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// A count with thousands separators, e.g. 1234567 → `1,234,567`; the CLI's summaries use it too.
    package static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// A duration for people: `12.3s` under a minute, `4m 05s` under an hour, `2h 07m` under a day, else `3d 04h`;
    /// `–` when there is none.
    static func duration(seconds: Double?) -> String {
        guard let seconds else { return "–" }
        guard seconds.isFinite, seconds.magnitude < 1e15 else { return fixed(seconds, places: 0) + "s" }
        if seconds < 60 { return fixed(seconds, places: 1) + "s" }
        let whole = Int64(seconds.rounded(.toNearestOrAwayFromZero))
        func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        if whole < 3600 { return "\(whole / 60)m \(twoDigits(whole % 60))s" }
        if whole < 86_400 { return "\(whole / 3600)h \(twoDigits(whole / 60 % 60))m" }
        return "\(whole / 86_400)d \(twoDigits(whole / 3600 % 24))h"
    }

    /// A window length in the largest whole unit, e.g. 1_209_600 → `14d`, 5400 → `90m`.
    static func window(seconds: Int) -> String {
        if seconds > 0, seconds % 86_400 == 0 { return "\(seconds / 86_400)d" }
        if seconds > 0, seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds > 0, seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }

    /// `value` with `places` decimals and a sign (none for zero), e.g. `+0.0058`.
    static func signedFixed(_ value: Double, places: Int) -> String {
        let text = fixed(value, places: places)
        let isZero = text.allSatisfy { $0 == "0" || $0 == "." || $0 == "-" }
        if isZero { return text.hasPrefix("-") ? String(text.dropFirst()) : text }
        return value > 0 ? "+" + text : text
    }
}
