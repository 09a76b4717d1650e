/// What a report needs of one experiment's users, however it was counted: by reading the logs
/// (``ExperimentExposures``) or by an SQL engine (``AggregateCounts``).
struct ExperimentAggregates: Sendable {
    /// The exposed variants, ordered by their earliest exposure, ties by name.
    var variantsInExposureOrder: [String]
    /// Users exposed to more than one variant, excluded from every count.
    var multiVariantUsers: Int
    /// The counts of every exposed variant.
    var tallies: [String: ArmTally]
    /// Users and goal conversions per segment value, then variant.
    var segmentCounts: [String: [String: ArmCounts]]
    /// The observed paths of every exposed variant; empty when they were not counted (an SQL engine counts none).
    var paths: [String: ObservedPathsReport] = [:]
}

extension ExperimentExposures {
    /// The aggregates of the users counted so far, with the ``ReportOptions/topPaths`` most common paths of each
    /// variant, their moves marked against ``ReportOptions/offeredTransitions``.
    func aggregates(options: ReportOptions) -> ExperimentAggregates {
        ExperimentAggregates(
            variantsInExposureOrder: variantsInExposureOrder, multiVariantUsers: multiVariantUsers,
            tallies: tallies(), segmentCounts: segmentCounts(),
            paths: pathReports(top: options.topPaths, offeredTransitions: options.offeredTransitions.isEmpty ? nil : options.offeredTransitions)
        )
    }
}
