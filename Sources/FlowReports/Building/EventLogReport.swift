public import FlowEvents
import Dispatch

/// Reads event logs into an ``ExperimentLogAccumulator``, reading the logs' beginning a second time when
/// some users' events arrived out of order and the accumulator asks for it (``ExperimentLogAccumulator/rereadLength``).
///
/// The one way a report's counts are read: the `report` command, `demo` and the fuzzers all go through it.
public enum EventLogReport {
    /// Feeds the events of `paths` that the accumulator's filter keeps to `accumulator`, decoding on
    /// `workers` threads beside the calling one (0: on the calling thread alone, the same work every run),
    /// then what it asks to reread.
    ///
    /// - Returns: the summary of the first read, which covers every line.
    /// - Throws: `FlowEventReadError` for a log that cannot be read.
    public static func read(
        _ paths: [String],
        into accumulator: inout ExperimentLogAccumulator,
        workers: Int
    ) throws -> ReadSummary {
        let filter = accumulator.eventFilter
        let reader = FlowEventReader(paths: paths)
        let irrelevantTypes = filter.irrelevantTypes
        let summary = try reader.readParallelHashingUsers(
            workers: workers, leavingOut: irrelevantTypes, selecting: filter.fields, keeping: filter.isRelevant
        ) { batch, userHashes, leftOut in
            accumulator.consume(relevant: &batch, userHashes: userHashes)
            accumulator.countIrrelevantEvents(identifiedBy: leftOut)
        }
        accumulator.noteLatestEventTime(summary.latestEventTime)
        accumulator.noteEarliestEventTime(summary.earliestEventTime)
        guard accumulator.rereadLength != nil else { return summary }
        do {
            _ = try reader.readParallelHashingUsers(
                workers: workers, leavingOut: irrelevantTypes, selecting: filter.fields, keeping: filter.isRelevant
            ) { batch, userHashes, _ in
                if !accumulator.reread(batch, userHashes: userHashes) { throw RereadComplete() }
            }
        } catch is RereadComplete {
            // The accumulator has every event it asked for; the rest of the logs need not be read again.
        }
        return summary
    }

    /// Feeds every event of `paths` to `accumulator` in order on this thread, unfiltered, then what it asks
    /// to reread: the plainest path, which ``read(_:into:workers:)`` must agree with.
    ///
    /// - Returns: the summary of the first read.
    /// - Throws: `FlowEventReadError` for a log that cannot be read.
    public static func readInOrder(_ paths: [String], into accumulator: inout ExperimentLogAccumulator) throws -> ReadSummary {
        let reader = FlowEventReader(paths: paths)
        let summary = try reader.read { accumulator.consume($0) }
        guard accumulator.rereadLength != nil else { return summary }
        do {
            _ = try reader.read { event in
                if !accumulator.reread([event]) { throw RereadComplete() }
            }
        } catch is RereadComplete {
            // As above: the rest need not be read again.
        }
        return summary
    }

    /// Reads the logs at `paths` and builds their report: the one call from event logs to a ``Report``,
    /// as `switchyard report` and `demo` make it.
    ///
    /// Lines that cannot be read are skipped and counted, and the report says so in its diagnostics;
    /// events may come in any order and from many devices (see ``ExperimentLogAccumulator``).
    ///
    /// ```swift
    /// let report = try EventLogReport.report(of: ["events.jsonl"], options: ReportOptions(experiments: experiments))
    /// print(ReportFormat.table.renderer().render(report))
    /// ```
    ///
    /// - Parameters:
    ///   - paths: the logs, JSON Lines, plain or gzip-compressed.
    ///   - options: the experiments' funnels and analysis, and the report's settings.
    ///   - workers: how many threads decode the logs beside the calling one; with 0 the calling thread reads and
    ///     decodes them alone, in order, and frees what it built, so that every run does the same work (what an
    ///     instruction count needs).
    /// - Throws: `FlowEventReadError` for a log that cannot be read; ``ReportError`` when the options
    ///   name an experiment or control the logs do not contain.
    public static func report(of paths: [String], options: ReportOptions, workers: Int = 2) throws -> Report {
        var accumulator = ExperimentLogAccumulator(options: options)
        let summary = try read(paths, into: &accumulator, workers: workers)
        let report = try ReportBuilder.report(from: accumulator, inputs: paths, diagnostics: summary.isClean ? [] : [summary.description])
        // With no workers the calling thread frees it too: a free racing the process's exit would make the work
        // of a run depend on timing.
        if workers > 0 { freeOnAnotherThread(consume accumulator) }
        return report
    }

    /// Frees `accumulator` on a thread of its own: a large log's accumulator holds a record of every user, and
    /// freeing them all is work the caller, who has the report, need not wait for.
    private static func freeOnAnotherThread(_ accumulator: consuming ExperimentLogAccumulator) {
        var retired = Optional(accumulator)
        DispatchQueue.global(qos: .utility).async { [retired = retired.take()] in
            withExtendedLifetime(retired) {}
        }
    }

    /// Ends the second read once the accumulator has what it asked for.
    private struct RereadComplete: Error {}
}
