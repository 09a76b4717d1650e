/// The kinds of event a flow session logs.
///
/// The raw values are what appears in the `type` field of the log.
public enum EventType: String, Sendable, Hashable, CaseIterable, Codable {
    /// A session began; `properties` name the variant chosen for every slot.
    case sessionStarted = "session_started"
    /// The user was assigned to a variant by an experiment's hashing: the event reports count.
    case exposure
    /// A variant was chosen without hashing (forced, by a rule or the slot default): never an exposure.
    case assignment
    /// A screen became visible.
    case screenShown = "screen_shown"
    /// The user performed an action on a screen.
    case action
    /// The user navigated back from `screen`; `properties.to` names the screen revealed.
    case back
    /// A coordinator started a child coordinator.
    case childStarted = "child_started"
    /// A child coordinator finished or was removed; `properties.reason` says why.
    case childFinished = "child_finished"
    /// A coordinator changed the model through a service; `properties.outcome` is `succeeded` or `failed`.
    case mutation
    /// The flow reached its end.
    case flowCompleted = "flow_completed"
    /// The user left the flow before its end; `screen` is where.
    case flowAbandoned = "flow_abandoned"
}
