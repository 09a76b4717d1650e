/// The kinds of events in a session's event log, as funnel matchers name them.
public enum EventType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A session began.
    case sessionStarted = "session_started"
    /// The user was exposed to an experiment variation.
    case exposure
    /// A slot was assigned a variant.
    case assignment
    /// A screen appeared.
    case screenShown = "screen_shown"
    /// The user performed an action.
    case action
    /// The user navigated back.
    case back
    /// A child flow started.
    case childStarted = "child_started"
    /// A child flow finished.
    case childFinished = "child_finished"
    /// A state-changing operation ran (properties `operation` and `outcome`).
    case mutation
    /// The flow reached its end.
    case flowCompleted = "flow_completed"
    /// The flow was abandoned.
    case flowAbandoned = "flow_abandoned"
}
