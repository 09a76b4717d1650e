import Dispatch
import FlowEvents
import Synchronization

/// What a report needs of one experiment's users, however it was counted: by reading the logs
/// (``ExperimentExposures``) or by an SQL engine (``AggregateCounts``).
struct ExperimentAggregates: Sendable {
    /// The exposed variants, ordered by their earliest exposure, ties by name.
    var variantsInExposureOrder: [String]
    /// Users exposed to more than one variant, excluded from every count.
    var multiVariantUsers: Int
    /// The experiment's metrics, whose measurements the tallies hold (an SQL engine counts the built-in ones only).
    var metrics: ExperimentMetrics
    /// The counts of every exposed variant.
    var tallies: [String: ArmTally]
    /// Users and goal conversions per segment value, then variant.
    var segmentCounts: [String: [String: ArmCounts]]
    /// The observed paths of every exposed variant; empty when they were not counted (an SQL engine counts none).
    var paths: [String: ObservedPathsReport] = [:]
    /// The paths and screens left on whose shares are compared between variants (every one some variant's report
    /// keeps); empty when paths were not counted.
    var pathShareKeys: [PathShareKey] = []
    /// Each variant's users holding each of ``pathShareKeys``, keyed by its position there.
    var pathShareCounts: [String: ShareCounts] = [:]
    /// How many times a user's record was read to make these aggregates from the logs (0 from an SQL engine): the
    /// work, which specs check grows with users (a few reads each), never with users times variants.
    var userRecordsRead = 0
    /// The earliest exposure to the experiment (multi-variant users included), in milliseconds since 1970.
    var earliestExposure: Int64?
    /// Where the log begins: the earliest time of any event read, in milliseconds since 1970; nil when unknown
    /// (counts from a query that did not count it).
    var logStart: Int64?
}

extension ExperimentExposures {
    /// The aggregates of the users counted so far, with the ``ReportOptions/topPaths`` most common paths of each
    /// variant, their moves marked against ``ReportOptions/offeredTransitions``, in a log that ends at `logEnd`.
    ///
    /// The users are grouped by variant first, in one pass; then each variant's tally and paths are made from its
    /// own users on a thread of their own: once the logs are read, they are all the report has left to do.
    func aggregates(options: ReportOptions, logEnd: EventTimestamp?, logStart: EventTimestamp? = nil) -> ExperimentAggregates {
        let variants = variants
        let groups = usersByVariant()
        let offered = options.offeredTransitions.isEmpty ? nil : options.offeredTransitions
        let piecesPerVariant = countsPaths ? 2 : 1
        let made = Mutex<(tallies: [String: ArmTally], paths: [String: ObservedPathsReport], shares: [String: PathShareCounts], recordsRead: Int)>(
            ([:], [:], [:], groups.recordsRead)
        )
        DispatchQueue.concurrentPerform(iterations: variants.count * piecesPerVariant) { piece in
            let index = piece / piecesPerVariant
            let positions = groups.positions[index]
            var read = 0
            if piece % piecesPerVariant == 0 {
                let tally = tally(ofUsersAt: positions, logEnd: logEnd, recordsRead: &read)
                made.withLock {
                    $0.tallies[variants[index]] = tally
                    $0.recordsRead += read
                }
            } else {
                let (paths, shares) = pathCounts(
                    ofUsersAt: positions, top: options.topPaths, offeredTransitions: offered?[variants[index]], recordsRead: &read
                )
                made.withLock {
                    $0.paths[variants[index]] = paths
                    $0.shares[variants[index]] = shares
                    $0.recordsRead += read
                }
            }
        }
        var (tallies, paths, shares, recordsRead) = made.withLock { $0 }
        let segments = segmentCounts(recordsRead: &recordsRead)
        let (shareKeys, shareCounts) = ExperimentAggregates.pathShares(of: shares)
        return ExperimentAggregates(
            variantsInExposureOrder: variantsInExposureOrder, multiVariantUsers: groups.multiVariantUsers, metrics: metrics,
            tallies: tallies, segmentCounts: segments, paths: paths, pathShareKeys: shareKeys, pathShareCounts: shareCounts,
            userRecordsRead: recordsRead, earliestExposure: earliestExposure, logStart: logStart?.millisecondsSince1970
        )
    }
}
