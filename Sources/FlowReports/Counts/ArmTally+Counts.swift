import FlowEvents

extension ArmTally {
    /// The tally of an arm whose users an SQL engine counted, as ``init(definition:metrics:users:)`` measures them:
    /// step times and measured values kept as distinct values with their users (``StepTimes``,
    /// ``MeasuredColumn/usersPerEntry``), so memory grows with the counts' rows, not with the users they count:
    /// percentile caps and quantiles too are read off the distinct values in order (``WeightedSortedValues``).
    ///
    /// - Parameters:
    ///   - usersByMeasuredValues: for each measurement group the engine counted
    ///     (``ExperimentMetrics/measurementGroups``, by number from 1), the users per tuple of values; the arm's
    ///     other users have no value of the group. A group absent here is read from the rows of queries before
    ///     metric groups (`usersByMetricValue` and `goalReaches` for the built-in metrics), or left out.
    ///   - groupsWithCovariates: the groups whose tuples carry their CUPED covariates
    ///     (``ExperimentMetrics/covariates(ofGroup:)``); the covariates of the others are unknown.
    init(
        users: Int, steps: [FunnelStep], screensBeyondStepCap: Int = 0, stepReaches: [Int: [Int64: Int]], goalReaches: [Int64: Int],
        backNavigationsByScreen: [String: Int], failuresByScreen: [String: [String: Int]],
        usersByMetricValue: [GuardrailMetric: [Int64: Int]] = [:], usersByMeasuredValues: [Int: [MeasuredValues: Int]] = [:],
        groupsWithCovariates: Set<Int> = [], metrics: ExperimentMetrics
    ) {
        self.users = users
        self.steps = steps
        self.screensBeyondStepCap = screensBeyondStepCap
        goalConversions = goalReaches.values.reduce(0, +)
        stepDurations = steps.indices.map { StepTimes(usersByTime: stepReaches[$0 + 1] ?? [:]) }
        self.backNavigationsByScreen = backNavigationsByScreen
        self.failuresByScreen = failuresByScreen
        for (offset, group) in metrics.measurementGroups.enumerated() {
            // An arm whose users were all multi-variant has no rows, and no values to count.
            guard let counted = usersByMeasuredValues[offset + 1] ?? (users == 0 ? [:] : nil) else { continue }
            // An arm without users has every covariate there is: none.
            let groupCovariates = users == 0 || groupsWithCovariates.contains(offset + 1) ? metrics.covariates(ofGroup: group) : []
            let (columns, covariateColumns) = Self.columns(
                of: group.map { metrics.measurements[$0] }, covariates: groupCovariates.count, counted: counted, users: users
            )
            for (index, column) in zip(group, columns) {
                measured[metrics.measurements[index]] = column
            }
            for (covariate, column) in zip(groupCovariates, covariateColumns) {
                covariates = covariates ?? [:]
                covariates?[covariate] = column
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
                let values = all.keys.sorted().filter { all[$0] ?? 0 > 0 }
                measured[metrics.measurements[index]] = MeasuredColumn(
                    values: values.map(Double.init), present: values.map { $0 > 0 }, usersPerEntry: values.map { all[$0] ?? 0 }
                )
            case (.timeToComplete, .duration(let index)):
                guard measured[metrics.measurements[index]] == nil, usersByMeasuredValues.isEmpty else { continue }
                // Completers have their time to the goal; the others never reached it.
                let times = goalReaches.keys.sorted().filter { goalReaches[$0] ?? 0 > 0 }
                let missing = max(0, users - goalConversions)
                measured[metrics.measurements[index]] = MeasuredColumn(
                    values: times.map { Double($0) / 1000 } + (missing > 0 ? [0] : []),
                    present: times.map { _ in true } + (missing > 0 ? [false] : []),
                    usersPerEntry: times.map { goalReaches[$0] ?? 0 } + (missing > 0 ? [missing] : [])
                )
            default:
                continue
            }
        }
    }

    /// The columns of a group's measurements, and of its `covariates` covariates, aligned by entry: one entry per
    /// tuple of values with its users, then one for the users without a value.
    private static func columns(
        of measurements: [MetricMeasurement], covariates: Int, counted: [MeasuredValues: Int], users: Int
    ) -> (measured: [MeasuredColumn], covariates: [[Double]]) {
        var columns = measurements.map { _ in MeasuredColumn(reserving: counted.count + 1) }
        var covariateColumns: [[Double]] = Array(repeating: [], count: covariates)
        for index in columns.indices { columns[index].usersPerEntry = [] }
        func append(_ tuple: MeasuredValues, times: Int) {
            guard times > 0 else { return }
            for index in covariateColumns.indices {
                covariateColumns[index].append(index < tuple.covariates.count ? tuple.covariates[index] : 0)
            }
            for index in columns.indices {
                // AggregateCounts checked that each measurement's invalid events add up to at most CountSum.maximum.
                columns[index].invalid += tuple.invalid[index] * times
                columns[index].values.append(tuple.values[index])
                columns[index].present.append(tuple.present[index])
                columns[index].usersPerEntry?.append(times)
            }
        }
        // The statistics sort what they add up, so any order of the users gives the same numbers.
        for tuple in counted.keys.sorted(by: { ($0.values + $0.covariates).lexicographicallyPrecedes($1.values + $1.covariates) }) {
            append(tuple, times: counted[tuple] ?? 0)
        }
        append(MeasuredValues(absentFor: measurements, covariates: covariates), times: max(0, users - counted.values.reduce(0, +)))
        return (columns, covariateColumns)
    }
}
