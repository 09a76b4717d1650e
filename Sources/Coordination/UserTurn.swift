/// What a user does next on the visible screen.
public enum UserTurn: Sendable, Hashable {
    /// Choose an action, with values for some or all fields (the rest keep their displayed value).
    case perform(ScreenAction.ID, fields: [ScreenField.ID: String] = [:])
    /// The system back action.
    case back
    /// Leave the flow.
    case quit
}
