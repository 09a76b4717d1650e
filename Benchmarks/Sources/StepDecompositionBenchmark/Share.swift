import Foundation

/// How many runs of how many had a property, printed as a percentage with its Wilson 95% interval.
struct Share {
    var count = 0
    var total = 0

    /// Counts one run, with the property when `holds`.
    mutating func record(_ holds: Bool) {
        total += 1
        if holds { count += 1 }
    }

    /// `12.3% [10.9, 13.8]` (Wilson score interval, z = 1.96).
    var description: String {
        guard total > 0 else { return "no runs" }
        let n = Double(total)
        let p = Double(count) / n
        let z = 1.959963984540054
        let denominator = 1 + z * z / n
        let center = (p + z * z / (2 * n)) / denominator
        let halfWidth = z * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot() / denominator
        return "\(Self.percent(p)) [\(Self.number(center - halfWidth)), \(Self.number(center + halfWidth))] of \(total)"
    }

    /// `12.3%`, without the interval.
    var percentage: String {
        total > 0 ? Self.percent(Double(count) / Double(total)) : "no runs"
    }

    private static func percent(_ value: Double) -> String {
        "\(number(value))%"
    }

    private static func number(_ fraction: Double) -> String {
        String(format: "%.1f", fraction * 100)
    }
}
