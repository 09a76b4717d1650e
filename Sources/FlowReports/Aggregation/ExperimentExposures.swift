import FlowEvents

/// Everything one experiment needs from the log: who was exposed to which variant, and their progress.
struct ExperimentExposures: Sendable {
    let funnel: FunnelDefinition
    private let windowMilliseconds: Int64
    /// Variants in the order of their first exposure in the log.
    private(set) var variantsInExposureOrder: [String] = []
    private var variantIndices: [String: Int] = [:]
    /// The steps of each variant, aligned with `variantsInExposureOrder`.
    private var stepsByVariant: [ArmSteps] = []
    /// Positions in `exposedUsers` by user: a small value keeps the table cheap to grow, and the users
    /// themselves are updated in place in the array.
    private var userIndices: [String: Int] = [:]
    private var exposedUsers: [ExposedUser] = []

    init(funnel: FunnelDefinition) {
        self.funnel = funnel
        windowMilliseconds = funnel.conversionWindowMilliseconds
    }

    /// Records an `exposure` event of this experiment: the first exposure of a user wins, a later exposure
    /// to another variant marks the user as multi-variant.
    ///
    /// - Returns: the user's index for ``consume(_:userIndex:)`` when this is the user's first exposure, else nil.
    mutating func recordExposure(user: String, variant: String, at time: EventTimestamp) -> Int? {
        let variantIndex = index(of: variant)
        if let userIndex = userIndices[user] {
            if exposedUsers[userIndex].variantIndex != variantIndex {
                exposedUsers[userIndex].isMultiVariant = true
            }
            return nil
        }
        if userIndices.count >= 1024, userIndices.count == userIndices.capacity {
            // Growing fourfold rather than twofold rehashes a third as many user ids on the way to a large log's
            // size; small experiments (a log may hold a great many) grow as usual.
            userIndices.reserveCapacity(userIndices.capacity * 4)
        }
        userIndices[user] = exposedUsers.count
        exposedUsers.append(ExposedUser(variantIndex: variantIndex, progress: UserFunnelProgress(anchor: time)))
        return exposedUsers.count - 1
    }

    /// Counts `event` for the exposed user at `userIndex` (the event's user), if the user is still analysable.
    mutating func consume(_ event: FlowEvent, userIndex: Int) {
        guard !exposedUsers[userIndex].isMultiVariant,
              exposedUsers[userIndex].progress.isInWindow(event, windowMilliseconds: windowMilliseconds)
        else { return }
        let variantIndex = exposedUsers[userIndex].variantIndex
        stepsByVariant[variantIndex].discover(from: event)
        exposedUsers[userIndex].progress.consume(
            event, steps: stepsByVariant[variantIndex].steps, goal: funnel.goal, windowMilliseconds: windowMilliseconds
        )
    }

    /// Users exposed to more than one variant, who are excluded from every count.
    var multiVariantUsers: Int {
        exposedUsers.reduce(0) { $0 + ($1.isMultiVariant ? 1 : 0) }
    }

    /// The tally of every variant that has been exposed, multi-variant users excluded.
    func tallies() -> [String: ArmTally] {
        var progressByVariant = Array(repeating: [UserFunnelProgress](), count: variantsInExposureOrder.count)
        for user in exposedUsers where !user.isMultiVariant {
            progressByVariant[user.variantIndex].append(user.progress)
        }
        var tallies: [String: ArmTally] = [:]
        for (index, variant) in variantsInExposureOrder.enumerated() {
            tallies[variant] = ArmTally(steps: stepsByVariant[index].steps, users: progressByVariant[index])
        }
        return tallies
    }

    private mutating func index(of variant: String) -> Int {
        if let index = variantIndices[variant] { return index }
        variantIndices[variant] = variantsInExposureOrder.count
        variantsInExposureOrder.append(variant)
        stepsByVariant.append(ArmSteps(definition: funnel))
        return variantsInExposureOrder.count - 1
    }
}
