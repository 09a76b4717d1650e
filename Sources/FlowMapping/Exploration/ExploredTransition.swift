/// A turn from one explored state to another, and the events the flow logged on taking it.
package struct ExploredTransition: Hashable, Sendable {
    /// The state the turn was taken in, as an index into `FlowExploration.states`.
    package var from: Int
    /// The state it reached.
    package var to: Int
    /// The turn.
    package var turn: ExploredTurn
    /// The events logged while the flow took the turn, in order.
    package var events: [EmittedEvent]
}
