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
    var stepDurations: [StepTimes]
    /// For each step, the milliseconds from the moment every user who reached it reached the step before (their
    /// anchor for step 1) to reaching it: one gap per user, what step times are compared on. Nil when only counts
    /// are known, which hold no per-user times.
    var stepGaps: [[Int64]]?
    /// For each step, the users who reached it by their gap in milliseconds (``stepGaps`` counted by an engine); nil
    /// when the gaps are known per user, or not at all (counts from a query before gaps were counted).
    var countedStepGaps: [[Int64: Int]]?
    /// Users who reached the goal, by the furthest step they reached (0 to the step count): what the step
    /// decomposition needs when the goal can be reached without the last step. Nil when only counts are known.
    var convertedByFurthestStep: [Int]?
    /// Back navigations by the screen left.
    var backNavigationsByScreen: [String: Int] = [:]
    /// Failed mutations by screen, then reason.
    var failuresByScreen: [String: [String: Int]] = [:]
    /// Each user's value of every metric measurement of the experiment.
    var measured: [MetricMeasurement: MeasuredColumn] = [:]
    /// Each user's value of every CUPED covariate an adjusted metric reads (a measurement over a lookback), aligned
    /// by user with ``measured``; nil when no metric is adjusted or only counts are known, which hold no covariates.
    var covariates: [ExperimentMetrics.Covariate: [Double]]?

    /// Tallies `users` over the steps of `definition`, discovering them when it configures none, and measures
    /// `metrics` of each; the log ends at `logEnd` (``ExperimentLogAccumulator/latestEventTime``), which a
    /// retention window must have ended within. `users` is read once, twice when the steps are discovered, and
    /// counted: its columns are sized at once rather than grown by copying.
    init(
        definition: FunnelDefinition, metrics: ExperimentMetrics = .none, users: some Collection<UserFunnelProgress>,
        logEnd: EventTimestamp? = nil
    ) {
        let discovered = definition.discoversScreens ? Self.discoveredScreens(of: users) : []
        screensBeyondStepCap = discovered.count - min(discovered.count, FunnelDefinition.maximumDiscoveredSteps)
        let discoveredSteps = Array(discovered.prefix(FunnelDefinition.maximumDiscoveredSteps))
        steps = definition.discoversScreens
            ? discoveredSteps.map { FunnelStep(name: $0, matcher: .screenShown($0)) }
            : definition.steps
        let capacity = users.count
        stepDurations = (0..<steps.count).map { _ in StepTimes(reserving: capacity) }
        stepGaps = (0..<steps.count).map { _ in Self.column(reserving: capacity) }
        convertedByFurthestStep = Array(repeating: 0, count: steps.count + 1)
        var columns = metrics.measurements.map { _ in MeasuredColumn(reserving: capacity) }
        let unmeasured = metrics.measurements.map(UserMeasure.init)
        let kinds = metrics.measurements.map(MeasuredColumn.Kind.init)
        var covariateColumns: [[Double]] = metrics.covariates.map { _ in Self.column(reserving: capacity) }
        let end = logEnd?.millisecondsSince1970 ?? .min
        for user in users {
            add(user, offsets: definition.discoversScreens ? user.offsets(ofDiscovered: discoveredSteps) : user.stepOffsets)
            let (logged, overflow) = end.subtractingReportingOverflow(user.anchor.millisecondsSince1970)
            for index in kinds.indices {
                columns[index].append(
                    user.measures.isEmpty ? unmeasured[index] : user.measures[index], as: kinds[index],
                    loggedAfterAnchor: overflow ? .min : logged
                )
            }
            for column in covariateColumns.indices {
                covariateColumns[column].append(column < user.covariates.count ? user.covariates[column] : 0)
            }
        }
        measured = Dictionary(zip(metrics.measurements, columns), uniquingKeysWith: { first, _ in first })
        if !metrics.covariates.isEmpty {
            covariates = Dictionary(zip(metrics.covariates, covariateColumns), uniquingKeysWith: { first, _ in first })
        }
    }

    /// An empty column with room for `capacity` values.
    private static func column<Value>(reserving capacity: Int) -> [Value] {
        var column: [Value] = []
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

    private mutating func add(_ user: UserFunnelProgress, offsets: [Int64]) {
        users += 1
        if user.reachedGoal {
            goalConversions += 1
            convertedByFurthestStep?[min(offsets.count, stepDurations.count)] += 1
        }
        for (index, offset) in offsets.enumerated() where index < stepDurations.count {
            stepDurations[index].append(offset)
            stepGaps?[index].append(offset - (index == 0 ? 0 : offsets[index - 1]))
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
