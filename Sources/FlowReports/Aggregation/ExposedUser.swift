/// A user exposed to an experiment: the variant of their first exposure and their progress since.
struct ExposedUser: Sendable {
    /// Index of the variant of the user's first exposure in ``ExperimentExposures``' numbering.
    let variantIndex: Int
    /// Progress through the experiment's funnel, anchored at that first exposure.
    var progress: UserFunnelProgress
    /// Whether the user was also exposed to another variant: such users are excluded from the analysis.
    var isMultiVariant = false
    /// The user's screen path, when the report counts paths.
    var path = UserPathCursor()
    /// The screens the user was shown on the way to each configured step, when the report counts paths.
    var approaches = UserStepApproaches()
    /// Whether this entry was set aside because the user's events are counted again, in time order.
    var isForgotten = false
}

extension ExposedUser {
    /// Adds `screen`, shown at `offset`, to the screens on the way to the user's steps (one access to the record).
    mutating func showOnTheWay(_ screen: Int32, at offset: Int64, stepCount: Int) {
        approaches.show(screen, at: offset, stepOffsets: progress.stepOffsets, stepCount: stepCount)
    }
}
