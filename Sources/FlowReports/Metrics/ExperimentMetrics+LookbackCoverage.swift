import FlowEvents

extension ExperimentMetrics {
    /// The note a report gains when CUPED's longest lookback reaches before the log's first event for some users:
    /// their history holds what the log does, and no more. Nil without CUPED, when the log's start or the earliest
    /// exposure is unknown, or when every user's lookback lies within the log.
    ///
    /// A user exposed on UTC day X looks back from the start of day X − N; that lies within a log beginning at S when
    /// it is not before S, so the users exposed from day ⌈S / day⌉ + N on have their whole lookback.
    func lookbackCoverageNote(earliestExposure: Int64?, logStart: Int64?) -> String? {
        guard let lookback = covariates.map(\.lookbackDays).max(), let earliestExposure, let logStart else { return nil }
        let day = PreExposureHistory.dayMilliseconds
        let (earliestStart, overflow) = (PreExposureHistory.day(of: earliestExposure) - Int64(lookback)).multipliedReportingOverflow(by: day)
        guard !overflow, earliestStart < logStart else { return nil }
        let firstWholeDay = PreExposureHistory.day(of: logStart) + (logStart % day == 0 ? 0 : 1)
        let (covered, coveredOverflow) = (firstWholeDay + Int64(lookback)).multipliedReportingOverflow(by: day)
        guard !coveredOverflow else { return nil }
        let date = EventTimestamp(millisecondsSince1970: covered).description.prefix(10)
        return "CUPED's \(lookback)-day lookback reaches before the log's first event (\(EventTimestamp(millisecondsSince1970: logStart))) "
            + "for users exposed before \(date): their history is what the log holds of it"
    }
}
