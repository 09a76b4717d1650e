import Foundation
import SeededRandom

/// `report --format json`'s metric comparisons set against those of the independent Python reference
/// (`Tests/Reference/defined_metrics.py`), number by number: what disagrees, and the largest deviation of each
/// quantity.
struct MetricReferenceComparison {
    /// An interval, `{"lower": L, "upper": U}` in the report and `[L, U]` in the reference.
    struct Interval: Decodable {
        var bounds: [Double]

        init(from decoder: any Decoder) throws {
            if var list = try? decoder.unkeyedContainer() {
                bounds = [try list.decode(Double.self), try list.decode(Double.self)]
            } else {
                let object = try decoder.container(keyedBy: CodingKeys.self)
                bounds = [try object.decode(Double.self, forKey: .lower), try object.decode(Double.self, forKey: .upper)]
            }
        }

        enum CodingKeys: String, CodingKey { case lower, upper }
    }

    /// One metric of one treatment against control, as both write it (in snake case).
    struct Row: Decodable {
        var metric: String
        var variant: String
        var kind: String
        var control: String
        var isGuardrail: Bool
        var direction: String
        var treatmentUsers: Int
        var controlUsers: Int
        var treatmentMean: Double?
        var controlMean: Double?
        var treatmentMedian: Double?
        var controlMedian: Double?
        var difference: Double?
        var interval: Interval?
        var relativeDifference: Double?
        var relativeInterval: Interval?
        var pValue: Double?
        var adjustedPValue: Double?
        var isSignificant: Bool?
        var isSignificantlyWorse: Bool?
        var treatmentMissingUsers: Int?
        var controlMissingUsers: Int?
        var invalidValues: Int?
        var cap: Double?
        var lowerCap: Double?
        var limitation: String?

        var key: String { "\(metric) / \(variant)" }
    }

    struct Experiment: Decodable {
        var key: String
        var excludedMultiVariantUsers: Int
        var metrics: [Row]
    }

    struct Document: Decodable {
        var experiments: [Experiment]
    }

    /// Each disagreement, naming the experiment, metric, treatment and field.
    private(set) var mismatches: [String] = []
    /// The largest relative deviation seen per quantity (a field, or an interval's bound).
    private(set) var largestDeviations: [String: Double] = [:]
    /// Rows compared, per metric kind.
    private(set) var rowsByKind: [String: Int] = [:]

    /// Compares every experiment of `reference` (the Python script's output) with the same experiment of `report`.
    init(report: String, reference: String) throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let reported = try decoder.decode(Document.self, from: Data(report.utf8))
        let computed = try decoder.decode(Document.self, from: Data(reference.utf8))
        if computed.experiments.isEmpty { mismatches.append("the reference found no experiment") }
        for expected in computed.experiments {
            guard let actual = reported.experiments.first(where: { $0.key == expected.key }) else {
                mismatches.append("\(expected.key): not in the report")
                continue
            }
            exact("\(expected.key) excluded_multi_variant_users", actual.excludedMultiVariantUsers, expected.excludedMultiVariantUsers)
            let actualRows = Dictionary(actual.metrics.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            for extra in Set(actualRows.keys).subtracting(expected.metrics.map(\.key)).sorted() {
                mismatches.append("\(expected.key) \(extra): in the report, not in the reference")
            }
            for row in expected.metrics {
                guard let actualRow = actualRows[row.key] else {
                    mismatches.append("\(expected.key) \(row.key): in the reference, not in the report")
                    continue
                }
                compare(actualRow, row, label: "\(expected.key) \(row.key)")
            }
        }
    }

    private mutating func compare(_ actual: Row, _ expected: Row, label: String) {
        rowsByKind[expected.kind, default: 0] += 1
        exact("\(label) kind", actual.kind, expected.kind)
        exact("\(label) control", actual.control, expected.control)
        exact("\(label) is_guardrail", actual.isGuardrail, expected.isGuardrail)
        exact("\(label) direction", actual.direction, expected.direction)
        exact("\(label) treatment_users", actual.treatmentUsers, expected.treatmentUsers)
        exact("\(label) control_users", actual.controlUsers, expected.controlUsers)
        exact("\(label) treatment_missing_users", actual.treatmentMissingUsers, expected.treatmentMissingUsers)
        exact("\(label) control_missing_users", actual.controlMissingUsers, expected.controlMissingUsers)
        exact("\(label) invalid_values", actual.invalidValues, expected.invalidValues)
        // Estimates: the same to 1e-9 relative (sums of decimals may be added in another order); an estimate the
        // reference leaves undefined must be absent.
        let estimates: [(String, Double?, Double?)] = [
            ("treatment_mean", actual.treatmentMean, expected.treatmentMean),
            ("control_mean", actual.controlMean, expected.controlMean),
            ("treatment_median", actual.treatmentMedian, expected.treatmentMedian),
            ("control_median", actual.controlMedian, expected.controlMedian),
            ("difference", actual.difference, expected.difference),
            ("relative_difference", actual.relativeDifference, expected.relativeDifference),
            ("cap", actual.cap, expected.cap),
            ("lower_cap", actual.lowerCap, expected.lowerCap),
        ]
        for (name, reported, computed) in estimates {
            numbers(label, name, reported.map { [$0] }, computed.map { [$0] }, tolerance: 1e-9)
        }
        exact("\(label) limitation", actual.limitation, expected.limitation)
        exact("\(label) is_significant", actual.isSignificant, expected.isSignificant)
        exact("\(label) is_significantly_worse", actual.isSignificantlyWorse, expected.isSignificantlyWorse)
        // Inference: the same to 1e-6 relative, or 1e-12 absolute for p-values near 0.
        numbers(label, "interval", actual.interval?.bounds, expected.interval?.bounds, tolerance: 1e-6)
        numbers(label, "relative_interval", actual.relativeInterval?.bounds, expected.relativeInterval?.bounds, tolerance: 1e-6)
        numbers(label, "p_value", actual.pValue.map { [$0] }, expected.pValue.map { [$0] }, tolerance: 1e-6, absolute: 1e-12)
        numbers(
            label, "adjusted_p_value", actual.adjustedPValue.map { [$0] }, expected.adjustedPValue.map { [$0] },
            tolerance: 1e-6, absolute: 1e-12
        )
    }

    private mutating func exact<Value: Equatable>(_ label: String, _ actual: Value?, _ expected: Value?) {
        if actual != expected {
            mismatches.append("\(label): report \(actual.map { "\($0)" } ?? "absent"), reference \(expected.map { "\($0)" } ?? "absent")")
        }
    }

    /// `actual` and `expected` (one number, or an interval's two bounds) present together and within `tolerance`
    /// relative of each other, or `absolute`.
    private mutating func numbers(
        _ label: String, _ quantity: String, _ actual: [Double]?, _ expected: [Double]?, tolerance: Double, absolute: Double = 0
    ) {
        guard let actual, let expected else {
            if actual != nil || expected != nil {
                mismatches.append("\(label) \(quantity): report \(actual.map { "\($0)" } ?? "absent"), reference \(expected.map { "\($0)" } ?? "absent")")
            }
            return
        }
        for (index, (reported, computed)) in zip(actual, expected).enumerated() {
            let name = expected.count == 2 ? "\(quantity) \(index == 0 ? "lower" : "upper")" : quantity
            let deviation = reported == computed ? 0 : abs(reported - computed) / max(abs(reported), abs(computed))
            largestDeviations[name] = max(largestDeviations[name] ?? 0, deviation)
            if deviation > tolerance, abs(reported - computed) > absolute {
                mismatches.append("\(label) \(name): report \(reported), reference \(computed) (relative deviation \(deviation))")
            }
        }
    }

    /// A summary of the rows compared and the largest deviations, for the test's output.
    var summary: String {
        let rows = rowsByKind.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let deviations = largestDeviations.sorted { $0.key < $1.key }
            .map { "\($0.key) \(String(format: "%.1e", $0.value))" }.joined(separator: ", ")
        return "rows compared: \(rows); largest relative deviations: \(deviations)"
    }
}

/// Held-out logs as devices would leave them: lines shuffled and dealt to several files.
enum DeviceLogs {
    /// Shuffles the lines of `logs` (files in `cli`'s directory) with `seed`, deals them to `devices` files named
    /// `device-N.jsonl`, each after the first also holding a quarter of the previous one's lines again (an upload
    /// retried, delivered twice), and ends the last one with the first half of a line and no newline, as a device
    /// killed mid-write leaves it. Returns the files' names.
    static func split(_ logs: [String], into devices: Int, seed: UInt64, in cli: CLI) throws -> [String] {
        var lines: [Substring] = []
        for log in logs {
            let text = try String(contentsOfFile: cli.path(log), encoding: .utf8)
            lines += text.split(separator: "\n", omittingEmptySubsequences: true)
        }
        var generator = SplitMix64(seed: seed)
        lines.shuffle(using: &generator)
        var names: [String] = []
        for device in 0..<devices {
            func linesDealt(to device: Int) -> [Substring] {
                lines.indices.filter { $0 % devices == device }.map { lines[$0] }
            }
            var dealt = linesDealt(to: device)
            if device > 0 {
                let previous = linesDealt(to: device - 1)
                dealt += previous.prefix(previous.count / 4)
            }
            var text = dealt.joined(separator: "\n") + "\n"
            if device == devices - 1, let torn = dealt.first {
                text += torn.prefix(torn.count / 2)
            }
            let name = "device-\(device + 1).jsonl"
            try text.write(toFile: cli.path(name), atomically: true, encoding: .utf8)
            names.append(name)
        }
        return names
    }
}
