/// What one line of an event log turned out to be.
package enum LineOutcome: Equatable {
    /// A valid event.
    case event(FlowEvent)
    /// A line skipped for the given reason.
    case skipped(SkipReason)
    /// An empty or whitespace-only line, ignored without being counted as skipped.
    case blank
}
