/// How a walk through a flow ended.
public enum FlowOutcome: Sendable, Hashable {
    /// The root coordinator finished; `screen` was visible at the end.
    case completed(screen: String?)
    /// The user left early; `screen` was visible when they did.
    case abandoned(screen: String?)

    /// Whether the flow was completed.
    public var isCompleted: Bool {
        if case .completed = self { true } else { false }
    }
}
