import FlowEvents

/// The counts of one arm once every event has been consumed: the raw material of an ``ArmReport``.
struct ArmTally: Sendable, Hashable {
    /// Users of the arm (multi-variant users already excluded).
    var users = 0
    /// Users who reached the goal within their window.
    var goalConversions = 0
    /// The arm's steps: configured, or discovered from its users' screens.
    var steps: [FunnelStep]
    /// Screens shown to the arm's users that were not made steps, as ``FunnelDefinition/maximumDiscoveredSteps``
    /// came first; 0 with configured steps.
    var screensBeyondStepCap = 0
    /// For each step, the milliseconds from anchor to reaching it of every user who reached it.
    var stepDurations: [[Int64]]
    /// Back navigations by the screen left.
    var backNavigationsByScreen: [String: Int] = [:]
    /// Failed mutations by screen, then reason.
    var failuresByScreen: [String: [String: Int]] = [:]
    /// Each user's value of every guardrail metric (time to complete: completers only).
    var metricValues: [GuardrailMetric: [Double]] = [:]

    /// Tallies `users` over the steps of `definition`, discovering them when it configures none.
    ///
    /// - Parameter usersAtMost: how many users there can be, when `users` cannot count them cheaply (a filtered
    ///   collection): the columns are sized for that many at once rather than grown by copying. Memory never
    ///   written is never touched, so a bound above the count costs nothing.
    init(definition: FunnelDefinition, users: some Collection<UserFunnelProgress>, usersAtMost: Int? = nil) {
        let discovered = definition.discoversScreens ? Self.discoveredScreens(of: users) : []
        screensBeyondStepCap = discovered.count - min(discovered.count, FunnelDefinition.maximumDiscoveredSteps)
        let discoveredSteps = Array(discovered.prefix(FunnelDefinition.maximumDiscoveredSteps))
        steps = definition.discoversScreens
            ? discoveredSteps.map { FunnelStep(name: $0, matcher: .screenShown($0)) }
            : definition.steps
        let capacity = usersAtMost ?? users.count
        stepDurations = (0..<steps.count).map { _ in Self.column(reserving: capacity) }
        var metrics = MetricColumns(capacity: capacity)
        for user in users {
            add(user, offsets: definition.discoversScreens ? user.offsets(ofDiscovered: discoveredSteps) : user.stepOffsets, to: &metrics)
        }
        // Sorted, so that means and variances add the values in one order whatever order the users came in. The
        // columns hold integers, which sort without comparisons; made doubles (divided by their unit, exactly when
        // it is 1) they keep that order.
        let columns: [(metric: GuardrailMetric, values: [Int64], unit: Double)] = [
            (.backNavigations, metrics.backNavigations, 1), (.failedMutations, metrics.failedMutations, 1),
            (.timeToComplete, metrics.goalOffsets, 1000),
        ]
        for column in columns where !column.values.isEmpty {
            metricValues[column.metric] = IntegerSort.ascending(column.values).map { Double($0) / column.unit }
        }
    }

    /// Each user's guardrail metric values, gathered apart so that adding a user hashes no metric.
    private struct MetricColumns {
        var backNavigations: [Int64]
        var failedMutations: [Int64]
        /// Milliseconds from anchor to goal, of completers only: the time to complete, in seconds once divided.
        var goalOffsets: [Int64]

        /// Empty columns with room for `capacity` users.
        init(capacity: Int) {
            backNavigations = ArmTally.column(reserving: capacity)
            failedMutations = ArmTally.column(reserving: capacity)
            goalOffsets = ArmTally.column(reserving: capacity)
        }
    }

    /// An empty column with room for `capacity` values.
    private static func column(reserving capacity: Int) -> [Int64] {
        var column: [Int64] = []
        column.reserveCapacity(capacity)
        return column
    }

    /// The screens shown to `users` in their windows, ordered by the median (nearest rank) of the users' first
    /// showings, measured from each user's anchor; ties by name in UTF-8 byte order, as SQL engines compare.
    /// Depends on no event or user order.
    static func discoveredScreens(of users: some Collection<UserFunnelProgress>) -> [String] {
        var offsetsByScreen: [String: [Int64]] = [:]
        for user in users {
            for (screen, offset) in user.firstShownOffsets {
                offsetsByScreen[screen, default: []].append(offset)
            }
        }
        let medians = offsetsByScreen.map { screen, offsets in
            (screen: screen, median: NearestRankQuantile.value(50, ofSorted: offsets.sorted()) ?? 0)
        }
        return medians
            .sorted { lhs, rhs in
                lhs.median != rhs.median ? lhs.median < rhs.median : lhs.screen.utf8.lexicographicallyPrecedes(rhs.screen.utf8)
            }
            .map(\.screen)
    }

    private mutating func add(_ user: UserFunnelProgress, offsets: [Int64], to metrics: inout MetricColumns) {
        users += 1
        if user.reachedGoal { goalConversions += 1 }
        metrics.backNavigations.append(Int64(user.backNavigationsByScreen.values.reduce(0, +)))
        metrics.failedMutations.append(Int64(user.failuresByScreen.values.reduce(0) { $0 + $1.values.reduce(0, +) }))
        if let goalOffset = user.goalOffset {
            metrics.goalOffsets.append(goalOffset)
        }
        for (index, offset) in offsets.enumerated() where index < stepDurations.count {
            stepDurations[index].append(offset)
        }
        for (screen, count) in user.backNavigationsByScreen {
            backNavigationsByScreen[screen, default: 0] += count
        }
        for (screen, reasons) in user.failuresByScreen {
            for (reason, count) in reasons {
                failuresByScreen[screen, default: [:]][reason, default: 0] += count
            }
        }
    }
}
