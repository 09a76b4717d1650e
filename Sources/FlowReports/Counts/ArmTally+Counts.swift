import FlowEvents

extension ArmTally {
    /// The tally of an arm whose users an SQL engine counted: every per-user value expanded from the counts of
    /// users per value, in ascending order, as ``init(definition:metrics:users:usersAtMost:)`` sorts them.
    ///
    /// `metrics` may hold only built-in metrics, the ones an engine counts (`report --counts` refuses others).
    init(
        users: Int, steps: [FunnelStep], screensBeyondStepCap: Int = 0, stepReaches: [Int: [Int64: Int]], goalReaches: [Int64: Int],
        backNavigationsByScreen: [String: Int], failuresByScreen: [String: [String: Int]],
        usersByMetricValue: [GuardrailMetric: [Int64: Int]], metrics: ExperimentMetrics
    ) {
        self.users = users
        self.steps = steps
        self.screensBeyondStepCap = screensBeyondStepCap
        goalConversions = goalReaches.values.reduce(0, +)
        stepDurations = steps.indices.map { Self.expanded(stepReaches[$0 + 1] ?? [:]) }
        self.backNavigationsByScreen = backNavigationsByScreen
        self.failuresByScreen = failuresByScreen
        for metric in metrics.metrics {
            guard let builtIn = GuardrailMetric(rawValue: metric.definition.id) else { continue }
            switch (builtIn, metric.reading) {
            case (.backNavigations, .mean(let index)), (.failedMutations, .mean(let index)):
                // Every user has a count, 0 for those no row names (even when no user of the arm has any, and no
                // row names the arm at all).
                var counts = usersByMetricValue[builtIn] ?? [:]
                counts[0, default: 0] += max(0, users - counts.values.reduce(0, +))
                let values = Self.expanded(counts).map(Double.init)
                measured[metrics.measurements[index]] = MeasuredColumn(values: values, present: values.map { $0 > 0 })
            case (.timeToComplete, .duration(let index)):
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
