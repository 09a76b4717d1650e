/// A turn a screen offers that the session refused when exploration took it, and why.
package struct RefusedTurn: Hashable, Sendable {
    /// The turn.
    package var turn: ExploredTurn
    /// The session's reason, such as a required field left empty.
    package var reason: String
}
