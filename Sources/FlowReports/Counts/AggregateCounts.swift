import FlowEvents

/// The aggregates of every experiment in a counts file, checked against the report's configuration.
struct AggregateCounts: Sendable {
    /// Each experiment's aggregates, by key.
    private(set) var experiments: [String: ExperimentAggregates] = [:]
    /// `exposure` events without experiment or variant.
    private(set) var incompleteExposures = 0
    /// Events delivered more than once, counted once.
    private(set) var duplicateEvents = 0
    /// The earliest time of any event, in milliseconds since 1970; nil when the counts do not say.
    private(set) var logStart: Int64?

    /// Groups the rows of `file` by experiment and arm.
    ///
    /// - Throws: ``AggregateCountsError`` for a row naming a variant the configuration does not list, a step
    ///   the funnel does not have, or a discovered step of a funnel with configured steps.
    init(_ file: AggregateCountsFile, options: ReportOptions) throws(AggregateCountsError) {
        var firstExposures: [String: [String: Int64]] = [:]
        var multiVariantUsers: [String: Int] = [:]
        var segments: [String: [String: [String: ArmCounts]]] = [:]
        // Every arm's users together, so that sums over the arms stay within CountSum.maximum too.
        var experimentUsers: [String: Int] = [:]
        for (row, location) in zip(file.rows, file.locations) {
            if row.measure == .users {
                try CountSum.add(row.total, to: &experimentUsers[row.experiment, default: 0], location: location)
            }
            if row.measure == .incompleteExposures {
                try CountSum.add(row.total, to: &incompleteExposures, location: location)
                continue
            }
            if row.measure == .duplicateEvents {
                try CountSum.add(row.total, to: &duplicateEvents, location: location)
                continue
            }
            if row.measure == .firstEvent {
                logStart = min(logStart ?? row.value, row.value)
                continue
            }
            if row.measure == .multiVariantUsers {
                try CountSum.add(row.total, to: &multiVariantUsers[row.experiment, default: 0], location: location)
                continue
            }
            let configuration = options.experiments[row.experiment]
            if let variations = configuration?.variations, !variations.isEmpty, !variations.contains(row.variant) {
                throw AggregateCountsError(
                    location: location,
                    problem: "variant \"\(row.variant)\" of experiment \"\(row.experiment)\" is not in the configuration "
                        + "(its variations: \(variations.joined(separator: ", "))); were the counts made with another config?"
                )
            }
            let funnel = options.funnel(for: row.experiment)
            switch row.measure {
            case .step where !funnel.discoversScreens && (row.step < 1 || row.step > funnel.steps.count),
                 .stepGap where !funnel.discoversScreens && (row.step < 1 || row.step > funnel.steps.count):
                throw AggregateCountsError(
                    location: location,
                    problem: "step \(row.step) of experiment \"\(row.experiment)\", whose funnel has \(funnel.steps.count) steps"
                )
            case .discoveredStep where !funnel.discoversScreens, .discoveredScreensBeyondCap where !funnel.discoversScreens:
                throw AggregateCountsError(
                    location: location,
                    problem: "a discovered step for experiment \"\(row.experiment)\", whose funnel configures its steps"
                )
            case .firstExposure:
                firstExposures[row.experiment, default: [:]][row.variant] = row.value
            case .segmentUsers:
                try CountSum.add(
                    row.total, to: &segments[row.experiment, default: [:]][row.name, default: [:]][row.variant, default: ArmCounts(users: 0, conversions: 0)].users,
                    location: location
                )
            case .segmentConversions:
                try CountSum.add(
                    row.total, to: &segments[row.experiment, default: [:]][row.name, default: [:]][row.variant, default: ArmCounts(users: 0, conversions: 0)].conversions,
                    location: location
                )
            default:
                break
            }
        }
        var rowsByArm: [String: [String: [(row: AggregateRow, location: String)]]] = [:]
        for (row, location) in zip(file.rows, file.locations)
        where ![.incompleteExposures, .duplicateEvents, .multiVariantUsers, .firstEvent].contains(row.measure) {
            rowsByArm[row.experiment, default: [:]][row.variant, default: []].append((row, location))
        }
        // Counts from a query before step gaps were counted have step rows and no step_gap rows: step times unknown.
        let countsStepGaps = file.rows.contains { $0.measure == .stepGap } || !file.rows.contains { $0.measure == .step }
        for (key, exposures) in firstExposures {
            let funnel = options.funnel(for: key)
            let metrics = ExperimentMetrics(plan: options.experiments[key], funnel: funnel)
            var tallies: [String: ArmTally] = [:]
            for variant in exposures.keys {
                tallies[variant] = try Self.tally(
                    of: rowsByArm[key]?[variant] ?? [], experiment: key, funnel: funnel, metrics: metrics, countsStepGaps: countsStepGaps
                )
            }
            experiments[key] = ExperimentAggregates(
                variantsInExposureOrder: exposures.keys.sorted { lhs, rhs in
                    let (left, right) = (exposures[lhs] ?? 0, exposures[rhs] ?? 0)
                    return left != right ? left < right : lhs < rhs
                },
                multiVariantUsers: multiVariantUsers[key] ?? 0,
                metrics: metrics,
                tallies: tallies,
                segmentCounts: segments[key] ?? [:],
                earliestExposure: exposures.values.min(),
                logStart: logStart
            )
        }
    }

    /// The tally of one arm from its rows.
    private static func tally(
        of rows: [(row: AggregateRow, location: String)], experiment: String, funnel: FunnelDefinition, metrics: ExperimentMetrics,
        countsStepGaps: Bool
    ) throws(AggregateCountsError) -> ArmTally {
        var users = 0
        var discovered: [Int: String] = [:]
        var screensBeyondStepCap = 0
        var stepReaches: [Int: [Int64: Int]] = [:]
        var stepGaps: [Int: [Int64: Int]] = [:]
        // Where each step's step and step_gap rows begin, for an error when their users differ.
        var stepLocations: [Int: String] = [:]
        var goalReaches: [Int64: Int] = [:]
        var convertedReaching: [Int: Int] = [:]
        var backs: [String: Int] = [:]
        var failures: [String: [String: Int]] = [:]
        var metricCounts: [GuardrailMetric: [Int64: Int]] = [:]
        let groups = metrics.measurementGroups
        var measuredValues: [Int: [MeasuredValues: Int]] = [:]
        // Rows that count users by a per-user value, which add up to at most the arm's users.
        var perUserTotals: [String: (total: Int, location: String)] = [:]
        // Back navigations and failed mutations together, so that sums over screens and reasons stay within bounds.
        var screenEvents = 0
        // Per group and measurement, the events without a number.
        var invalidEvents: [Int: [Int]] = [:]
        // The groups whose metric_group row names their covariates, and whether each group's tuples carry them.
        var groupsWithCovariates: Set<Int> = []
        var tuplesWithCovariates: [Int: (carries: Bool, location: String)] = [:]
        for (row, location) in rows {
            if row.measure == .back || row.measure == .failedMutation {
                try CountSum.add(row.total, to: &screenEvents, location: location)
            }
            if let what = Self.perUserMeasure(of: row) {
                var entry = perUserTotals[what] ?? (0, location)
                try CountSum.add(row.total, to: &entry.total, location: location)
                perUserTotals[what] = (entry.total, location)
            }
            switch row.measure {
            case .users: try CountSum.add(row.total, to: &users, location: location)
            case .goal: try CountSum.add(row.total, to: &goalReaches[row.value, default: 0], location: location)
            case .convertedReachingStep: try CountSum.add(row.total, to: &convertedReaching[row.step, default: 0], location: location)
            case .step:
                try CountSum.add(row.total, to: &stepReaches[row.step, default: [:]][row.value, default: 0], location: location)
                stepLocations[row.step] = stepLocations[row.step] ?? location
            case .stepGap:
                try CountSum.add(row.total, to: &stepGaps[row.step, default: [:]][row.value, default: 0], location: location)
                stepLocations[row.step] = stepLocations[row.step] ?? location
            case .discoveredStep: discovered[row.step] = row.name
            case .discoveredScreensBeyondCap: try CountSum.add(row.total, to: &screensBeyondStepCap, location: location)
            case .back: try CountSum.add(row.total, to: &backs[row.name, default: 0], location: location)
            case .failedMutation: try CountSum.add(row.total, to: &failures[row.name, default: [:]][row.reason, default: 0], location: location)
            case .userBackNavigations: try CountSum.add(row.total, to: &metricCounts[.backNavigations, default: [:]][row.value, default: 0], location: location)
            case .userFailedMutations: try CountSum.add(row.total, to: &metricCounts[.failedMutations, default: [:]][row.value, default: 0], location: location)
            case .metricGroup:
                let group = try Self.group(row.step, of: groups, experiment: experiment, location: location)
                let label = metrics.labelWithCovariates(ofGroup: group)
                // Counts from a query before CUPED in SQL name the group's measurements alone.
                let labelWithoutCovariates = metrics.label(ofGroup: group)
                guard row.name == label || row.name == labelWithoutCovariates else {
                    throw AggregateCountsError(
                        location: location,
                        problem: "metric group \(row.step) of experiment \"\(experiment)\" measures \"\(row.name)\" in the counts, "
                            + "but \"\(label)\" in the configuration; were the counts made with another config?"
                    )
                }
                if row.name != labelWithoutCovariates { groupsWithCovariates.insert(row.step) }
                measuredValues[row.step, default: [:]] = measuredValues[row.step] ?? [:]
            case .metricUsers:
                let group = try Self.group(row.step, of: groups, experiment: experiment, location: location)
                let values: MeasuredValues
                do {
                    values = try MeasuredValues(
                        parsing: row.reason, measurements: group.map { metrics.measurements[$0] },
                        covariates: metrics.covariates(ofGroup: group).map(\.measurement)
                    )
                } catch {
                    throw AggregateCountsError(location: location, problem: "column reason: \(error.problem)")
                }
                let carriesCovariates = !values.covariates.isEmpty
                if let first = tuplesWithCovariates[row.step], first.carries != carriesCovariates {
                    throw AggregateCountsError(
                        location: location,
                        problem: "column reason: \"\(row.reason)\" \(carriesCovariates ? "carries" : "lacks") the covariates of metric group "
                            + "\(row.step), which the row at \(first.location) \(first.carries ? "carries" : "lacks"); expected one query's counts"
                    )
                }
                tuplesWithCovariates[row.step] = tuplesWithCovariates[row.step] ?? (carriesCovariates, location)
                try CountSum.add(row.total, to: &measuredValues[row.step, default: [:]][values, default: 0], location: location)
                var invalid = invalidEvents[row.step] ?? values.invalid.map { _ in 0 }
                for position in invalid.indices {
                    try CountSum.add(values.invalid[position], times: row.total, to: &invalid[position], location: location)
                }
                invalidEvents[row.step] = invalid
            case .incompleteExposures, .duplicateEvents, .firstEvent, .multiVariantUsers, .firstExposure, .segmentUsers, .segmentConversions: break
            }
        }
        for (group, tuples) in tuplesWithCovariates.sorted(by: { $0.key < $1.key }) where tuples.carries != groupsWithCovariates.contains(group) {
            throw AggregateCountsError(
                location: tuples.location,
                problem: "the values of metric group \(group) of experiment \"\(experiment)\" \(tuples.carries ? "carry" : "lack") its covariates, "
                    + "but its metric_group row names \(tuples.carries ? "none" : "them"); expected one query's counts"
            )
        }
        for (what, entry) in perUserTotals.sorted(by: { $0.key < $1.key }) where entry.total > users {
            throw AggregateCountsError(
                location: entry.location,
                problem: "the \(what) rows of experiment \"\(experiment)\" count \(entry.total) users, more than the arm's \(users) users; "
                    + "expected each user counted once"
            )
        }
        var steps = funnel.steps
        if funnel.discoversScreens {
            // Counts from a query that did not cap its steps are capped here, as the report caps them.
            let numbers = discovered.keys.sorted()
            steps = numbers.prefix(FunnelDefinition.maximumDiscoveredSteps).compactMap { discovered[$0] }
                .map { FunnelStep(name: $0, matcher: .screenShown($0)) }
            screensBeyondStepCap += numbers.count - steps.count
        }
        var tally = ArmTally(
            users: users, steps: steps, screensBeyondStepCap: screensBeyondStepCap, stepReaches: stepReaches, goalReaches: goalReaches,
            backNavigationsByScreen: backs, failuresByScreen: failures, usersByMetricValue: metricCounts,
            usersByMeasuredValues: measuredValues, groupsWithCovariates: groupsWithCovariates, metrics: metrics
        )
        if countsStepGaps {
            for step in steps.indices.map({ $0 + 1 }) {
                let (reached, timed) = ((stepReaches[step] ?? [:]).values.reduce(0, +), (stepGaps[step] ?? [:]).values.reduce(0, +))
                guard reached == timed else {
                    throw AggregateCountsError(
                        location: stepLocations[step] ?? "",
                        problem: "users reaching step \(step) of experiment \"\(experiment)\": \(reached) in its step rows, \(timed) in "
                            + "its step_gap rows; expected one query's counts"
                    )
                }
            }
            tally.countedStepGaps = steps.indices.map { stepGaps[$0 + 1] ?? [:] }
        }
        tally.convertedByFurthestStep = Self.convertedByFurthestStep(
            reaching: convertedReaching, steps: steps.count, conversions: tally.goalConversions
        )
        return tally
    }

    /// The rows that count each user at most once, by what they count; nil for other rows.
    private static func perUserMeasure(of row: AggregateRow) -> String? {
        switch row.measure {
        case .goal: "goal"
        case .step: "step \(row.step)"
        case .stepGap: "step_gap \(row.step)"
        case .convertedReachingStep: "converted_reaching_step \(row.step)"
        case .userBackNavigations: "user_back_navigations"
        case .userFailedMutations: "user_failed_mutations"
        case .metricUsers: "metric group \(row.step)"
        default: nil
        }
    }

    /// Converted users by the furthest step they reached, from the converted users who reached each step; nil when
    /// the counts have no such rows (made by an older query) or rows that do not nest.
    static func convertedByFurthestStep(reaching: [Int: Int], steps: Int, conversions: Int) -> [Int]? {
        guard !reaching.isEmpty || conversions == 0 else { return nil }
        let chain = (0...steps).map { reaching[$0] ?? 0 } + [0]
        guard chain[0] == conversions else { return nil }
        var furthest: [Int] = []
        for step in 0...steps {
            let (stopped, overflow) = chain[step].subtractingReportingOverflow(chain[step + 1])
            guard !overflow, stopped >= 0 else { return nil }
            furthest.append(stopped)
        }
        return furthest
    }

    /// The measurements of group `number` (from 1) of an experiment whose groups are `groups`.
    private static func group(_ number: Int, of groups: [[Int]], experiment: String, location: String) throws(AggregateCountsError) -> [Int] {
        guard number >= 1, number <= groups.count else {
            throw AggregateCountsError(
                location: location,
                problem: "metric group \(number) of experiment \"\(experiment)\", whose metrics the configuration measures in "
                    + "\(groups.count) group\(groups.count == 1 ? "" : "s"); were the counts made with another config?"
            )
        }
        return groups[number - 1]
    }
}
