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

    /// The CUPED covariates of `group`'s measurements, in the order of ``covariates``: what an engine counts for
    /// each user after the group's values (``MeasuredValues``). Empty when none of them is adjusted.
    func covariates(ofGroup group: [Int]) -> [Covariate] {
        covariates.filter { covariate in group.contains { measurements[$0] == covariate.measurement } }
    }

    /// ``label(ofGroup:)`` followed by the group's covariates (``covariates(ofGroup:)``), e.g.
    /// `sum amount of mutation within 3600000 ms | before exposure: sum amount of mutation over 14 days`: the `name`
    /// of the group's rows in counts that carry its covariates.
    func labelWithCovariates(ofGroup group: [Int]) -> String {
        ([label(ofGroup: group)] + covariates(ofGroup: group).map(\.summary)).joined(separator: " | ")
    }
}

extension ExperimentMetrics.Covariate {
    /// What the covariate measures, e.g. `before exposure: count screen_shown over 14 days`.
    var summary: String {
        "before exposure: \(measurement.quantitySummary) over \(lookbackDays) day\(lookbackDays == 1 ? "" : "s")"
    }
}

extension MetricMeasurement {
    /// What is measured, over which window, e.g. `sum amount_cents of mutation outcome=succeeded within 3600000 ms`.
    var summary: String {
        quantitySummary + " within \(windowMilliseconds) ms"
    }

    /// What is measured, without the window, e.g. `sum amount_cents of mutation outcome=succeeded`.
    var quantitySummary: String {
        switch quantity {
        case .any(let matcher): "any \(matcher.summary)"
        case .count(let matcher): "count \(matcher.summary)"
        case .sum(let matcher, let property): "sum \(property) of \(matcher.summary)"
        case .duration(.exposure, let end): "duration from exposure to \(end.summary)"
        case .duration(.event(let start), let end): "duration from \(start.summary) to \(end.summary)"
        case .retained(let matcher, let start): "retained \(matcher.summary) from \(start) ms"
        }
    }
}
