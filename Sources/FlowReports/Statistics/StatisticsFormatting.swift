import Foundation

/// Locale-independent number wording for verdicts.
enum StatisticsFormatting {
    /// "p < 0.001", "p = 0.012", "p = 0.62" or "p > 0.999".
    ///
    /// Three decimals below 0.1 and two above; more decimals (up to six) whenever rounding would move the value
    /// across `alpha`, so the text never contradicts the significance decision.
    static func pValue(_ p: Double, alpha: Double, label: String = "p") -> String {
        if p < 0.001 { return "\(label) < 0.001" }
        if p > 0.999 { return "\(label) > 0.999" }
        var decimals = p < 0.1 ? 3 : 2
        while decimals < 6 {
            let rounded = (p * pow(10, Double(decimals))).rounded() / pow(10, Double(decimals))
            if (rounded < alpha) == (p < alpha), rounded != alpha || p == alpha { break }
            decimals += 1
        }
        return "\(label) = \(fixed(p, decimals: decimals))"
    }

    /// Decimals that show `difference` in percentage points: one, or two for nonzero differences under 0.1 pp,
    /// so they do not read as "0.0".
    static func percentagePointDecimals(_ difference: Double) -> Int {
        let points = abs(difference) * 100
        return points > 0 && points < 0.095 ? 2 : 1
    }

    /// A proportion difference in percentage points without unit or sign, e.g. 0.0412 → "4.1".
    static func percentagePoints(_ difference: Double, decimals: Int? = nil) -> String {
        fixed(abs(difference) * 100, decimals: decimals ?? percentagePointDecimals(difference))
    }

    /// A signed difference in percentage points, e.g. 0.023 → "2.3", −0.002 → "-0.2".
    static func signedPercentagePoints(_ difference: Double, decimals: Int? = nil) -> String {
        let magnitude = percentagePoints(difference, decimals: decimals)
        return difference < 0 && magnitude.contains(where: { $0 != "0" && $0 != "." }) ? "-" + magnitude : magnitude
    }

    /// The confidence level 1 − alpha as a percentage, e.g. 0.05 → "95%", 0.005 → "99.5%".
    static func confidenceLevel(alpha: Double) -> String {
        percentage((1 - alpha) * 100)
    }

    /// A percentage with up to two decimals and no trailing zeros, e.g. 50 → "50%", 33.333 → "33.33%".
    static func percentage(_ value: Double) -> String {
        var text = fixed(value, decimals: 2)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + "%"
    }

    /// A count rounded to three significant digits with thousands separators, e.g. 12_437 → "12,400".
    static func approximateCount(_ count: Int) -> String {
        guard count >= 1000 else { return ReportNumberFormat.count(count) }
        var unit = 1
        while count / unit >= 1000 { unit *= 10 }
        let (halfUp, overflow) = count.addingReportingOverflow(unit / 2)
        guard !overflow else { return ReportNumberFormat.count(count) }
        let rounded = halfUp / unit
        let (scaled, scaledOverflow) = rounded.multipliedReportingOverflow(by: unit)
        return ReportNumberFormat.count(scaledOverflow ? count : scaled)
    }

    /// A signed value with two decimals, e.g. 0.123 → "+0.12", −1.5 → "-1.50".
    static func signed(_ value: Double) -> String {
        (value > 0 ? "+" : "") + fixed(value, decimals: 2)
    }

    /// A chance to win as a percentage with one decimal, e.g. 0.9734 → "97.3%".
    static func chance(_ probability: Double) -> String {
        fixed(probability * 100, decimals: 1) + "%"
    }

    /// A risk with three significant digits, e.g. 0.12345 → "0.123", 0.000042 → "4.2e-05".
    static func number(_ value: Double) -> String {
        String(format: "%.3g", value)
    }

    private static func fixed(_ value: Double, decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
