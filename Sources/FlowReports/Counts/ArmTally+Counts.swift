import FlowEvents

extension ArmTally {
    /// The tally of an arm whose users an SQL engine counted: every per-user value expanded from the counts of
    /// users per value, in ascending order, as ``init(definition:users:)`` sorts them.
    init(
        users: Int, steps: [FunnelStep], screensBeyondStepCap: Int = 0, stepReaches: [Int: [Int64: Int]], goalReaches: [Int64: Int],
        backNavigationsByScreen: [String: Int], failuresByScreen: [String: [String: Int]],
        usersByMetricValue: [GuardrailMetric: [Int64: Int]]
    ) {
        self.users = users
        self.steps = steps
        self.screensBeyondStepCap = screensBeyondStepCap
        goalConversions = goalReaches.values.reduce(0, +)
        stepDurations = steps.indices.map { Self.expanded(stepReaches[$0 + 1] ?? [:]) }
        self.backNavigationsByScreen = backNavigationsByScreen
        self.failuresByScreen = failuresByScreen
        metricValues[.timeToComplete] = Self.expanded(goalReaches).map { Double($0) / 1000 }
        // Every user has a count of back navigations and of failed mutations, 0 for those no row names (even
        // when no user of the arm has any, and no row names the arm at all).
        for metric in [GuardrailMetric.backNavigations, .failedMutations] {
            var counts = usersByMetricValue[metric] ?? [:]
            let withValue = counts.values.reduce(0, +)
            counts[0, default: 0] += max(0, users - withValue)
            metricValues[metric] = Self.expanded(counts).map { Double($0) }
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
