import FlowEvents

/// Everything one experiment needs from the log: who was exposed to which variant, and their progress.
///
/// Its exposed users are named by their position here, which the accumulator keeps per user beside the
/// experiment's index: an event goes only to the experiments its user was exposed to, so the work per event
/// and the memory per user grow with that user's experiments, not with every experiment in the log.
struct ExperimentExposures: Sendable {
    let funnel: FunnelDefinition
    private let matcher: FunnelMatcher
    private let windowMilliseconds: Int64
    private let segmentKey: String?
    /// Variants in the order of their first exposure in the log (an internal numbering only).
    private var variants: [String] = []
    /// The earliest exposure time of each variant, aligned with `variants`.
    private var earliestExposures: [Int64] = []
    private var variantIndices: [String: Int] = [:]
    private var exposedUsers: [ExposedUser] = []

    init(funnel: FunnelDefinition, segmentKey: String? = nil) {
        self.funnel = funnel
        matcher = FunnelMatcher(funnel)
        windowMilliseconds = funnel.conversionWindowMilliseconds
        self.segmentKey = segmentKey
    }

    /// Records a user's first `exposure` event of this experiment (in their time order) and returns the
    /// user's position, for ``recordExposure(at:variant:time:)``, ``consume(_:at:)`` and ``forget(at:)``.
    mutating func recordFirstExposure(variant: String, at time: EventTimestamp) -> Int {
        exposedUsers.append(ExposedUser(variantIndex: index(of: variant, exposedAt: time), progress: UserFunnelProgress(anchor: time)))
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
            event, funnel: matcher, windowMilliseconds: windowMilliseconds, segmentKey: segmentKey
        )
    }

    /// Forgets the user at `position`, whose events are about to be counted again from the start.
    mutating func forget(at position: Int) {
        exposedUsers[position].isForgotten = true
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
        var tallies: [String: ArmTally] = [:]
        for (index, variant) in variants.enumerated() {
            // Read in place: copying every user's progress into an array per variant cost more than tallying it.
            let users = exposedUsers.lazy
                .filter { $0.variantIndex == index && !$0.isMultiVariant && !$0.isForgotten }
                .map(\.progress)
            tallies[variant] = ArmTally(definition: funnel, users: users)
        }
        return tallies
    }

    /// Users and goal conversions per segment value, then variant, multi-variant users excluded; users whose
    /// window holds no session start with the segment property are in ``SegmentReport/unknownValue``. Empty when
    /// no segment property was asked for.
    func segmentCounts() -> [String: [String: ArmCounts]] {
        var counts: [String: [String: ArmCounts]] = [:]
        guard segmentKey != nil else { return counts }
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
