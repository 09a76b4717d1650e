import FlowEvents

/// Everything one experiment needs from the log: who was exposed to which variant, and their progress.
///
/// Users are named by their index in the accumulator's user table (``LogUserTable``), so that an event costs
/// one array lookup per experiment rather than a hash of the user id.
struct ExperimentExposures: Sendable {
    let funnel: FunnelDefinition
    private let windowMilliseconds: Int64
    private let segmentKey: String?
    /// Variants in the order of their first exposure in the log (an internal numbering only).
    private var variants: [String] = []
    /// The earliest exposure time of each variant, aligned with `variants`.
    private var earliestExposures: [Int64] = []
    private var variantIndices: [String: Int] = [:]
    /// Position in `exposedUsers` by user index, -1 for users not exposed to this experiment.
    private var positions: [Int32] = []
    private var exposedUsers: [ExposedUser] = []

    init(funnel: FunnelDefinition, segmentKey: String? = nil) {
        self.funnel = funnel
        windowMilliseconds = funnel.conversionWindowMilliseconds
        self.segmentKey = segmentKey
    }

    /// Whether the user with index `user` has been exposed to this experiment.
    func isExposed(_ user: Int) -> Bool {
        user < positions.count && positions[user] >= 0
    }

    /// Records an `exposure` event of this experiment: the first exposure of a user (in their time order)
    /// wins, a later exposure to another variant marks the user as multi-variant.
    mutating func recordExposure(user: Int, variant: String, at time: EventTimestamp) {
        let variantIndex = index(of: variant, exposedAt: time)
        if isExposed(user) {
            let position = Int(positions[user])
            if exposedUsers[position].variantIndex != variantIndex {
                exposedUsers[position].isMultiVariant = true
            }
            return
        }
        if user >= positions.count {
            positions.append(contentsOf: repeatElement(-1, count: max(1024, user + 1 - positions.count, positions.count)))
        }
        positions[user] = Int32(exposedUsers.count)
        exposedUsers.append(ExposedUser(variantIndex: variantIndex, progress: UserFunnelProgress(anchor: time)))
    }

    /// Counts `event` of the user with index `user`, if the user was exposed and is still analysable.
    mutating func consume(_ event: FlowEvent, user: Int) {
        guard isExposed(user) else { return }
        let position = Int(positions[user])
        guard !exposedUsers[position].isMultiVariant else { return }
        exposedUsers[position].progress.consume(
            event, steps: funnel.steps, goal: funnel.goal, windowMilliseconds: windowMilliseconds, segmentKey: segmentKey
        )
    }

    /// Forgets the user with index `user`, whose events are about to be counted again from the start.
    mutating func forget(_ user: Int) {
        guard isExposed(user) else { return }
        exposedUsers[Int(positions[user])].isForgotten = true
        positions[user] = -1
    }

    /// Users exposed to more than one variant, who are excluded from every count.
    var multiVariantUsers: Int {
        exposedUsers.reduce(0) { $0 + ($1.isMultiVariant && !$1.isForgotten ? 1 : 0) }
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

    /// The tally of every variant that has been exposed, multi-variant users excluded.
    func tallies() -> [String: ArmTally] {
        var progressByVariant = Array(repeating: [UserFunnelProgress](), count: variants.count)
        for user in exposedUsers where !user.isMultiVariant && !user.isForgotten {
            progressByVariant[user.variantIndex].append(user.progress)
        }
        var tallies: [String: ArmTally] = [:]
        for (index, variant) in variants.enumerated() {
            tallies[variant] = ArmTally(definition: funnel, users: progressByVariant[index])
        }
        return tallies
    }

    /// Users and goal conversions per segment value, then variant, multi-variant users excluded; users whose
    /// window holds no session start with the segment property are in ``SegmentReport/unknownValue``.
    func segmentCounts() -> [String: [String: ArmCounts]] {
        var counts: [String: [String: ArmCounts]] = [:]
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
        if let index = variantIndices[variant] {
            earliestExposures[index] = min(earliestExposures[index], time.millisecondsSince1970)
            return index
        }
        variantIndices[variant] = variants.count
        variants.append(variant)
        earliestExposures.append(time.millisecondsSince1970)
        return variants.count - 1
    }
}
