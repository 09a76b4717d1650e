import FlowEvents

extension ExperimentMetrics {
    /// The experiment's measurements as an engine counts them (``AggregateQuery``), by index in ``measurements``:
    /// the numerator and denominator of a ratio in one group, so that each user's pair of values is counted
    /// together, and every other measurement alone. Groups are ordered by their first measurement, each ascending.
    var measurementGroups: [[Int]] {
        var group = Array(measurements.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while group[index] != index { index = group[index] }
            return index
        }
        for metric in metrics {
            guard case .ratio(let numerator, let denominator) = metric.reading else { continue }
            let (first, second) = (root(numerator), root(denominator))
            group[max(first, second)] = min(first, second)
        }
        var groups: [Int: [Int]] = [:]
        for index in measurements.indices {
            groups[root(index), default: []].append(index)
        }
        return groups.keys.sorted().compactMap { groups[$0] }
    }

    /// What the measurements of `group` measure, as the `name` of its ``AggregateMeasure/metricGroup`` rows: one
    /// description per measurement, separated by ` | ` as the values of ``MeasuredValues`` are.
    func label(ofGroup group: [Int]) -> String {
        group.map { measurements[$0].summary }.joined(separator: " | ")
    }
}

extension MetricMeasurement {
    /// What is measured, over which window, e.g. `sum amount_cents of mutation outcome=succeeded within 3600000 ms`.
    var summary: String {
        let what = switch quantity {
        case .any(let matcher): "any \(matcher.summary)"
        case .count(let matcher): "count \(matcher.summary)"
        case .sum(let matcher, let property): "sum \(property) of \(matcher.summary)"
        case .duration(.exposure, let end): "duration from exposure to \(end.summary)"
        case .duration(.event(let start), let end): "duration from \(start.summary) to \(end.summary)"
        case .retained(let matcher, let start): "retained \(matcher.summary) from \(start) ms"
        }
        return what + " within \(windowMilliseconds) ms"
    }
}
