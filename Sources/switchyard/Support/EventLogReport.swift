import FlowEvents
import FlowReports

/// Reads event logs into a ``ExperimentLogAccumulator``, reading the logs' beginning a second time when some
/// users' events arrived out of order and the accumulator asks for it.
enum EventLogReport {
    /// Feeds every event of `paths` to `accumulator`, then what it asks to reread.
    ///
    /// - Returns: the summary of the first read, which covers every line.
    static func read(_ paths: [String], into accumulator: inout ExperimentLogAccumulator, workers: Int) throws -> ReadSummary {
        let filter = accumulator.eventFilter
        let reader = FlowEventReader(paths: paths)
        let summary = try reader.readParallel(workers: workers, keeping: filter.isRelevant) { batch, leftOut in
            accumulator.consume(contentsOf: batch)
            accumulator.countIrrelevantEvents(leftOut)
        }
        guard accumulator.rereadLength != nil else { return summary }
        do {
            _ = try reader.readParallel(workers: workers, keeping: filter.isRelevant) { batch, _ in
                if !accumulator.reread(batch) { throw RereadComplete() }
            }
        } catch is RereadComplete {
            // The accumulator has every event it asked for; the rest of the logs need not be read again.
        }
        return summary
    }

    /// Ends the second read once the accumulator has what it asked for.
    private struct RereadComplete: Error {}
}
