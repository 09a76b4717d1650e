import FlowEvents

/// Everything one experiment needs from the log: who was exposed to which variant, and their progress.
///
/// Its exposed users are named by their position here, which the accumulator keeps per user beside the
/// experiment's index: an event goes only to the experiments its user was exposed to, so the work per event
/// and the memory per user grow with that user's experiments, not with every experiment in the log.
struct ExperimentExposures: Sendable {
    let funnel: FunnelDefinition
    /// The experiment's metrics and the per-user measurements they read.
    let metrics: ExperimentMetrics
    /// The measurements compiled for matching events; nil without metrics.
    private let measurementMatcher: MeasurementMatcher?
    private let matcher: FunnelMatcher
    private let windowMilliseconds: Int64
    private let segmentKey: String?
    /// Variants in the order of their first exposure in the log: the internal numbering of ``usersByVariant()``.
    private(set) var variants: [String] = []
    /// The earliest exposure time of each variant, aligned with `variants`.
    private var earliestExposures: [Int64] = []
    private var variantIndices: [String: Int] = [:]
    private var exposedUsers = SegmentedArray<ExposedUser>()
    /// Whether the report counts paths: without, ``pathReport(ofUsersAt:top:offeredTransitions:recordsRead:)`` must not
    /// be asked.
    let countsPaths: Bool
    /// The users' screen paths; empty when the report does not count them.
    private var paths: ObservedPathTrie

    init(
        funnel: FunnelDefinition, metrics: ExperimentMetrics = .none, segmentKey: String? = nil, countsPaths: Bool = false,
        pathLengthLimit: Int = ObservedPathTrie.maximumLength
    ) {
        self.funnel = funnel
        self.metrics = metrics
        measurementMatcher = metrics.measurements.isEmpty ? nil : MeasurementMatcher(metrics.measurements)
        matcher = FunnelMatcher(funnel)
        windowMilliseconds = funnel.conversionWindowMilliseconds
        self.segmentKey = segmentKey
        self.countsPaths = countsPaths
        paths = ObservedPathTrie(lengthLimit: pathLengthLimit)
    }

    /// Records a user's first `exposure` event of this experiment (in their time order) and returns the
    /// user's position, for ``recordExposure(at:variant:time:)``, ``consume(_:at:)`` and ``forget(at:)``.
    ///
    /// - Parameter covariates: the user's CUPED covariates, aligned with the metrics' covariates (``ExperimentMetrics/covariates``); empty when the
    ///   experiment is not adjusted.
    mutating func recordFirstExposure(variant: String, at time: EventTimestamp, covariates: [Double] = []) -> Int {
        var progress = UserFunnelProgress(anchor: time)
        progress.covariates = covariates
        exposedUsers.append(ExposedUser(variantIndex: index(of: variant, exposedAt: time), progress: progress))
        return exposedUsers.count - 1
    }

    /// Records a later exposure of the user at `position`: one to another variant marks the user as multi-variant.
    mutating func recordExposure(at position: Int, variant: String, time: EventTimestamp) {
        if exposedUsers[position].variantIndex != index(of: variant, exposedAt: time) {
            exposedUsers[position].isMultiVariant = true
        }
    }

    /// Counts `event` of the exposed user at `position`, if the user is still analysable.
    mutating func consume(_ event: FlowEvent, at position: Int) {
        guard !exposedUsers[position].isMultiVariant else { return }
        exposedUsers[position].progress.consume(
            event, funnel: matcher, windowMilliseconds: windowMilliseconds, segmentKey: segmentKey, metrics: measurementMatcher
        )
        if countsPaths, event.type == .screenShown, let screen = event.screen,
           exposedUsers[position].progress.isInWindow(event, windowMilliseconds: windowMilliseconds) {
            show(screen, at: event.time.millisecondsSince1970 - exposedUsers[position].progress.anchor.millisecondsSince1970, to: position)
        }
    }

    /// Adds `screen` to the path of the user at `position`.
    private mutating func show(_ screen: String, at offset: Int64, to position: Int) {
        let id = paths.id(of: screen)
        exposedUsers[position].path.show(id, at: offset, in: &paths)
        if matcher.stepCount > 0 {
            exposedUsers[position].showOnTheWay(id, at: offset, stepCount: matcher.stepCount)
        }
    }

    /// The paths of the users at `positions`, one variant's group in ``usersByVariant()``, keeping the `top` most
    /// common.
    ///
    /// - Parameters:
    ///   - offeredTransitions: the moves the variant's explored flow map offers, which the transitions are marked
    ///     against; nil when there is no map.
    ///   - recordsRead: increased by the number of user records read.
    func pathReport(
        ofUsersAt positions: [Int], top: Int, offeredTransitions offered: Set<ScreenTransition>?, recordsRead: inout Int
    ) -> ObservedPathsReport {
        pathCounts(ofUsersAt: positions, top: top, offeredTransitions: offered, recordsRead: &recordsRead).report
    }

    /// ``pathReport(ofUsersAt:top:offeredTransitions:recordsRead:)`` with the counts of every path and of every screen
    /// left on, for comparing shares between variants (``PathShareCounts``).
    func pathCounts(
        ofUsersAt positions: [Int], top: Int, offeredTransitions offered: Set<ScreenTransition>?, recordsRead: inout Int
    ) -> (report: ObservedPathsReport, counts: PathShareCounts) {
        var counts: [PathKey: Int] = [:]
        var leftOn: [Int32: Int] = [:]
        var users = 0
        var beyondCap = 0
        let stepCount = matcher.stepCount
        var approachUsers = StepScreenCounts(steps: stepCount, screens: paths.screens.count)
        var stepUsers = Array(repeating: 0, count: stepCount)
        // By position, so that no user's whole record is copied to read three fields of it.
        for position in positions {
            users += 1
            if stepCount > 0 {
                let stepOffsets = exposedUsers[position].progress.stepOffsets
                for step in stepOffsets.indices { stepUsers[step] += 1 }
                exposedUsers[position].approaches.forEachPair(stepOffsets: stepOffsets, stepCount: stepCount) { step, screen in
                    if step < stepOffsets.count { approachUsers.add(step: step, screen: screen) }
                }
            }
            let reached = exposedUsers[position].progress.reachedGoal
            let cursor = exposedUsers[position].path
            if !reached { leftOn[cursor.lastScreen, default: 0] += 1 }
            let path = cursor.path(in: paths)
            if path.node == ObservedPathTrie.overflow {
                beyondCap += 1
            } else {
                counts[PathKey(node: path.node, rest: path.rest, reachedGoal: reached), default: 0] += 1
            }
        }
        recordsRead += users
        let share = { (count: Int) in users > 0 ? Double(count) / Double(users) : 0 }
        let ranked = counts
            .map { (key: $0.key, users: $0.value, screens: paths.path(of: $0.key.node) + $0.key.rest.map { paths.screens[Int($0)] }) }
            .sorted { lhs, rhs in
                if lhs.users != rhs.users { return lhs.users > rhs.users }
                if lhs.key.reachedGoal != rhs.key.reachedGoal { return lhs.key.reachedGoal }
                return Self.precedes(lhs.screens, rhs.screens)
            }
        let kept = ranked.prefix(top).map {
            ObservedPathReport(screens: $0.screens, reachedGoal: $0.key.reachedGoal, users: $0.users, share: share($0.users))
        }
        let left = leftOn.map { (screen: $0.key < 0 ? UserFunnelProgress.unknownScreen : paths.screens[Int($0.key)], users: $0.value) }
            .sorted { $0.users != $1.users ? $0.users > $1.users : $0.screen.utf8.lexicographicallyPrecedes($1.screen.utf8) }
            .map { ScreenUsersReport(screen: $0.screen, users: $0.users, share: share($0.users)) }
        var moves: [ScreenTransition: Int] = [:]
        for path in ranked {
            var made: Set<ScreenTransition> = []
            for (from, to) in zip([ScreenTransition.start] + path.screens, path.screens) {
                made.insert(ScreenTransition(from: from, to: to))
            }
            for move in made { moves[move, default: 0] += path.users }
        }
        var transitions = moves.map { move, users in
            ScreenTransitionReport(from: move.from, to: move.to, users: users, offered: offered.map { $0.contains(move) })
        }
        for move in offered ?? [] where moves[move] == nil {
            transitions.append(ScreenTransitionReport(from: move.from, to: move.to, users: 0, offered: true))
        }
        transitions.sort { lhs, rhs in
            if lhs.users != rhs.users { return lhs.users > rhs.users }
            if lhs.from != rhs.from { return lhs.from.utf8.lexicographicallyPrecedes(rhs.from.utf8) }
            return lhs.to.utf8.lexicographicallyPrecedes(rhs.to.utf8)
        }
        let listed = ObservedPathsReport.maximumListed
        var report = ObservedPathsReport(
            distinctPaths: counts.count, top: kept, otherUsers: ranked.dropFirst(top).reduce(0) { $0 + $1.users },
            usersBeyondCap: beyondCap, leftOn: Array(left.prefix(listed)), transitions: Array(transitions.prefix(listed)),
            pathLengthCap: paths.lengthLimit
        )
        if left.count > listed { report.otherLeftOnScreens = left.count - listed }
        if transitions.count > listed { report.otherTransitions = transitions.count - listed }
        if stepCount > 0 {
            let screensByStep = approachUsers.countsByStep()
            report.stepApproaches = funnel.steps.indices.map { step in
                stepApproach(named: funnel.steps[step].name, users: stepUsers[step], screens: screensByStep[step])
            }
        }
        let leftOnByName = Dictionary(left.map { ($0.screen, $0.users) }, uniquingKeysWith: +)
        let shareCounts = PathShareCounts(
            users: users, paths: counts, keptPaths: ranked.prefix(top).map { ($0.key, $0.screens) },
            leftOn: leftOnByName, keptLeftOn: left.prefix(top).map(\.screen)
        )
        return (report, shareCounts)
    }

    /// The report of the screens `users` who reached a step were shown on the way to it, by screen id.
    private func stepApproach(named name: String, users: Int, screens: [Int32: Int]) -> StepApproachReport {
        let listed = ObservedPathsReport.maximumListed
        let ranked = screens.map { (screen: paths.screens[Int($0.key)], users: $0.value) }
            .sorted { $0.users != $1.users ? $0.users > $1.users : $0.screen.utf8.lexicographicallyPrecedes($1.screen.utf8) }
        return StepApproachReport(
            step: name, users: users,
            screens: ranked.prefix(listed).map { ScreenUsersReport(screen: $0.screen, users: $0.users, share: Double($0.users) / Double(max(users, 1))) },
            otherScreens: ranked.count > listed ? ranked.count - listed : nil
        )
    }

    /// A path and whether its users reached the goal: the deepest node the trie holds on it and the screens past
    /// that node (``UserPathCursor/path(in:)``), one key for each path however its users got there.
    struct PathKey: Hashable {
        var node: Int32
        var rest: [Int32]
        var reachedGoal: Bool
    }

    /// Whether path `lhs` comes before `rhs`: screen by screen in UTF-8 byte order, a prefix first.
    private static func precedes(_ lhs: [String], _ rhs: [String]) -> Bool {
        for (left, right) in zip(lhs, rhs) where left != right {
            return left.utf8.lexicographicallyPrecedes(right.utf8)
        }
        return lhs.count < rhs.count
    }

    /// Forgets the user at `position`, whose events are about to be counted again from the start.
    mutating func forget(at position: Int) {
        exposedUsers[position].isForgotten = true
    }

    /// The users counted so far grouped by variant (in ``variants``), with the multi-variant users, who are excluded
    /// from every count.
    func usersByVariant() -> UsersByVariant {
        UsersByVariant(exposedUsers, variantCount: variants.count)
    }

    /// The earliest exposure of any variant, in milliseconds since 1970; nil before any.
    var earliestExposure: Int64? {
        earliestExposures.min()
    }

    /// The exposed variants, ordered by their earliest exposure, ties by name: an order no line order changes.
    var variantsInExposureOrder: [String] {
        variants.indices
            .sorted { lhs, rhs in
                earliestExposures[lhs] != earliestExposures[rhs]
                    ? earliestExposures[lhs] < earliestExposures[rhs] : variants[lhs] < variants[rhs]
            }
            .map { variants[$0] }
    }

    /// The tally of the users at `positions`, one variant's group in ``usersByVariant()``, in a log that ends at
    /// `logEnd`.
    ///
    /// - Parameter recordsRead: increased by the number of user records read: once per user, twice when the steps
    ///   are discovered from the users' screens.
    func tally(ofUsersAt positions: [Int], logEnd: EventTimestamp?, recordsRead: inout Int) -> ArmTally {
        var read = 0
        let users = positions.lazy.map { position in
            read += 1
            return exposedUsers[position].progress
        }
        let tally = ArmTally(definition: funnel, metrics: metrics, users: users, logEnd: logEnd)
        recordsRead += read
        return tally
    }

    /// Users and goal conversions per segment value, then variant, multi-variant users excluded; users whose
    /// window holds no session start with the segment property are in ``SegmentReport/unknownValue``. Empty when
    /// no segment property was asked for.
    ///
    /// - Parameter recordsRead: increased by the number of user records read: every exposed user's, once.
    func segmentCounts(recordsRead: inout Int) -> [String: [String: ArmCounts]] {
        var counts: [String: [String: ArmCounts]] = [:]
        guard segmentKey != nil else { return counts }
        recordsRead += exposedUsers.count
        for user in exposedUsers where !user.isMultiVariant && !user.isForgotten {
            let value = user.progress.segment ?? SegmentReport.unknownValue
            var arm = counts[value, default: [:]][variants[user.variantIndex], default: ArmCounts(users: 0, conversions: 0)]
            arm.users += 1
            if user.progress.reachedGoal { arm.conversions += 1 }
            counts[value, default: [:]][variants[user.variantIndex]] = arm
        }
        return counts
    }

    private mutating func index(of variant: String, exposedAt time: EventTimestamp) -> Int {
        // An experiment has a handful of variants: comparing a name with each costs less than hashing it.
        if let index = variants.count <= 8 ? variants.firstIndex(of: variant) : variantIndices[variant] {
            earliestExposures[index] = min(earliestExposures[index], time.millisecondsSince1970)
            return index
        }
        variantIndices[variant] = variants.count
        variants.append(variant)
        earliestExposures.append(time.millisecondsSince1970)
        return variants.count - 1
    }
}
