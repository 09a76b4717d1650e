/// Someone walking a flow: a person at a terminal, a simulated user, a test script.
public protocol FlowUser {
    /// Decides what to do on the visible screen.
    mutating func nextTurn(on screen: any Screen) -> UserTurn
    /// Decides what to do on the visible screen, told whether back is available there (`FlowSession.canGoBack`):
    /// not on the flow's root screen, even when its content allows back. `FlowRunner` asks this; the default
    /// asks `nextTurn(on:)`, so a user that offers no choices needs no code for it.
    mutating func nextTurn(on screen: any Screen, canGoBack: Bool) -> UserTurn
    /// Hears that `turn` could not be applied, and why; the runner then asks for another turn.
    mutating func turnRejected(_ turn: UserTurn, on screen: any Screen, because error: ScreenInputError)
    /// Hears that the flow ended, how, and on which screen: the user sees the last screen though
    /// no turn is asked on it. The default does nothing.
    mutating func flowEnded(_ outcome: FlowOutcome, on screen: (any Screen)?)
}

extension FlowUser {
    /// Asks `nextTurn(on:)`.
    public mutating func nextTurn(on screen: any Screen, canGoBack: Bool) -> UserTurn {
        nextTurn(on: screen)
    }

    /// Does nothing: a user that shows nothing at the end needs no code for it.
    public mutating func flowEnded(_ outcome: FlowOutcome, on screen: (any Screen)?) {}
}
