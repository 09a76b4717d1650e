/// Something that happened in a flow, emitted by the coordinator tree for hosts to log.
///
/// Coordination knows nothing of files or schemas: a host turns signals into log events.
public struct FlowSignal: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// `screen` became the visible screen.
        case screenShown(screen: String)
        /// The user performed `action` on `screen`.
        case action(screen: String, action: String)
        /// The user navigated back from `screen`, revealing `to` (nil if nothing is visible).
        case back(from: String, to: String?)
        /// A coordinator started the child named `child`.
        case childStarted(child: String)
        /// The child named `child` ended, for `reason`.
        case childFinished(child: String, reason: ChildEnding)
        /// A coordinator changed the model through a collaborator; `values` are numbers it
        /// attached, such as an order's amount, by property key (see `MutationValue`).
        case mutation(operation: String, outcome: MutationOutcome, values: [String: MutationValue] = [:])
        /// The flow reached its end on `screen`.
        case flowCompleted(screen: String?)
        /// The user left the flow on `screen` before its end.
        case flowAbandoned(screen: String?)
    }

    /// What happened.
    public var kind: Kind
    /// The name of the coordinator the signal comes from.
    public var coordinator: String
    /// The variant of that coordinator (see `Coordinator.variant`), if it has one.
    public var variant: String?

    /// Creates a signal.
    public init(kind: Kind, coordinator: String, variant: String?) {
        self.kind = kind
        self.coordinator = coordinator
        self.variant = variant
    }
}

/// The result of changing the model through a collaborator.
public enum MutationOutcome: Sendable, Hashable {
    /// The change was made.
    case succeeded
    /// The change was refused; `reason` is a stable code such as `email_taken`.
    case failed(reason: String)
}

/// Why a child coordinator left the tree.
public enum ChildEnding: String, Sendable, Hashable {
    /// The child called `finish()`: its work is done.
    case finished
    /// The user navigated back out of the child's screens.
    case navigatedBack = "navigated_back"
    /// The user abandoned the flow.
    case abandoned
    /// The child's parent ended first.
    case parentEnded = "parent_ended"
}
