/// A user exposed to an experiment: the variant of their first exposure and their progress since.
struct ExposedUser: Sendable {
    /// Position of the variant of the user's first exposure in ``ExperimentExposures/variantsInExposureOrder``.
    let variantIndex: Int
    /// Progress through the experiment's funnel, anchored at that first exposure.
    var progress: UserFunnelProgress
    /// Whether the user was later also exposed to another variant: such users are excluded from the analysis.
    var isMultiVariant = false
}
