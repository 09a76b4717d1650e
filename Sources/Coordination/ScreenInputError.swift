/// Why a user's turn could not be applied to the visible screen.
public enum ScreenInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The screen has no such action.
    case unknownAction(ScreenAction.ID, available: [ScreenAction.ID])
    /// The screen has no such field.
    case unknownField(ScreenField.ID, available: [ScreenField.ID])
    /// A required field was empty.
    case missingField(ScreenField.ID)
    /// A choice field got a value that is not one of its options.
    case invalidChoice(field: ScreenField.ID, value: String, options: [String])
    /// Back is not available on this screen.
    case backUnavailable(screen: String)
    /// The flow has not started, or has ended: there is no screen to act on.
    case flowNotRunning
    /// The user acted on a screen that is no longer the visible one.
    case screenNotVisible(screen: String)

    /// What was wrong and what the screen expected, in one line.
    public var description: String {
        switch self {
        case .unknownAction(let action, let available):
            "unknown action \"\(action)\"; expected one of: \(available.joined(separator: ", "))"
        case .unknownField(let field, let available):
            "unknown field \"\(field)\"; expected one of: \(available.joined(separator: ", "))"
        case .missingField(let field):
            "field \"\(field)\" is required"
        case .invalidChoice(let field, let value, let options):
            "\"\(value)\" is not an option of field \"\(field)\"; expected one of: \(options.joined(separator: ", "))"
        case .backUnavailable(let screen):
            "cannot go back from \"\(screen)\""
        case .flowNotRunning:
            "the flow is not running"
        case .screenNotVisible(let screen):
            "\"\(screen)\" is no longer the visible screen"
        }
    }
}
