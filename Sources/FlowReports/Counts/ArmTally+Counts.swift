import FlowEvents

extension ArmTally {
    /// The tally of an arm whose users an SQL engine counted: every per-user value expanded from the counts of
    /// users per value, as ``init(definition:metrics:users:)`` measures them.
    ///
    /// - Parameters:
    ///   - usersByMeasuredValues: for each measurement group the engine counted
    ///     (``ExperimentMetrics/measurementGroups``, by number from 1), the users per tuple of values; the arm's
    ///     other users have no value of the group. A group absent here is read from the rows of queries before
    ///     metric groups (`usersByMetricValue` and `goalReaches` for the built-in metrics), or left out.
    init(
        users: Int, steps: [FunnelStep], screensBeyondStepCap: Int = 0, stepReaches: [Int: [Int64: Int]], goalReaches: [Int64: Int],
        backNavigationsByScreen: [String: Int], failuresByScreen: [String: [String: Int]],
        usersByMetricValue: [GuardrailMetric: [Int64: Int]] = [:], usersByMeasuredValues: [Int: [MeasuredValues: Int]] = [:],
        metrics: ExperimentMetrics
    ) {
        self.users = users
        self.steps = steps
        self.screensBeyondStepCap = screensBeyondStepCap
        goalConversions = goalReaches.values.reduce(0, +)
        stepDurations = steps.indices.map { Self.expanded(stepReaches[$0 + 1] ?? [:]) }
        self.backNavigationsByScreen = backNavigationsByScreen
        self.failuresByScreen = failuresByScreen
        for (offset, group) in metrics.measurementGroups.enumerated() {
            // An arm whose users were all multi-variant has no rows, and no values to count.
            guard let counted = usersByMeasuredValues[offset + 1] ?? (users == 0 ? [:] : nil) else { continue }
            for (index, column) in zip(group, Self.columns(of: group.map { metrics.measurements[$0] }, counted: counted, users: users)) {
                measured[metrics.measurements[index]] = column
            }
        }
        for metric in metrics.metrics {
            guard let builtIn = GuardrailMetric(rawValue: metric.definition.id) else { continue }
            switch (builtIn, metric.reading) {
            case (.backNavigations, .mean(let index)), (.failedMutations, .mean(let index)):
                guard measured[metrics.measurements[index]] == nil, usersByMeasuredValues.isEmpty else { continue }
                // Every user has a count, 0 for those no row names (even when no row names the arm at all).
                var all = usersByMetricValue[builtIn] ?? [:]
                all[0, default: 0] += max(0, users - all.values.reduce(0, +))
                let values = Self.expanded(all).map(Double.init)
                measured[metrics.measurements[index]] = MeasuredColumn(values: values, present: values.map { $0 > 0 })
            case (.timeToComplete, .duration(let index)):
                guard measured[metrics.measurements[index]] == nil, usersByMeasuredValues.isEmpty else { continue }
                // Completers have their time to the goal; the others never reached it.
                let times = Self.expanded(goalReaches).map { Double($0) / 1000 }
                let missing = max(0, users - times.count)
                measured[metrics.measurements[index]] = MeasuredColumn(
                    values: times + repeatElement(0, count: missing),
                    present: Array(repeating: true, count: times.count) + repeatElement(false, count: missing)
                )
            default:
                continue
            }
        }
    }

    /// The columns of a group's measurements, aligned by user: each tuple of values repeated for its users, then
    /// the users without a value.
    private static func columns(of measurements: [MetricMeasurement], counted: [MeasuredValues: Int], users: Int) -> [MeasuredColumn] {
        var columns = measurements.map { _ in MeasuredColumn(reserving: users) }
        func append(_ tuple: MeasuredValues, times: Int) {
            for index in columns.indices {
                columns[index].values.append(contentsOf: repeatElement(tuple.values[index], count: times))
                columns[index].present.append(contentsOf: repeatElement(tuple.present[index], count: times))
                columns[index].invalid += tuple.invalid[index] * times
            }
        }
        // The statistics sort what they add up, so any order of the users gives the same numbers.
        for tuple in counted.keys.sorted(by: { $0.values.lexicographicallyPrecedes($1.values) }) {
            append(tuple, times: counted[tuple] ?? 0)
        }
        append(MeasuredValues(absentFor: measurements), times: max(0, users - counted.values.reduce(0, +)))
        return columns
    }

    /// Every value repeated as many times as it was counted, ascending.
    private static func expanded(_ counts: [Int64: Int]) -> [Int64] {
        var values: [Int64] = []
        values.reserveCapacity(counts.values.reduce(0, +))
        for value in counts.keys.sorted() {
            values.append(contentsOf: repeatElement(value, count: counts[value] ?? 0))
        }
        return values
    }
}
