/// Someone walking a flow: a person at a terminal, a simulated user, a test script.
public protocol FlowUser {
    /// Decides what to do on the visible screen.
    mutating func nextTurn(on screen: any Screen) -> UserTurn
    /// Hears that `turn` could not be applied, and why; the runner then asks for another turn.
    mutating func turnRejected(_ turn: UserTurn, on screen: any Screen, because error: ScreenInputError)
    /// Hears that the flow ended, how, and on which screen: the user sees the last screen though
    /// no turn is asked on it. The default does nothing.
    mutating func flowEnded(_ outcome: FlowOutcome, on screen: (any Screen)?)
}

extension FlowUser {
    /// Does nothing: a user that shows nothing at the end needs no code for it.
    public mutating func flowEnded(_ outcome: FlowOutcome, on screen: (any Screen)?) {}
}
