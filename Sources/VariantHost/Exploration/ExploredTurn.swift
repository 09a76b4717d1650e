import Coordination

/// A turn exploration takes on the visible screen: an action with one class of input, or back.
package enum ExploredTurn: Hashable, Sendable, CustomStringConvertible {
    /// The action `action`, with the values of `input`.
    case perform(action: ScreenAction.ID, input: InputClass, fields: [ScreenField.ID: String])
    /// The system back.
    case back

    /// The turn in a path, such as `create_account[email=taken@example.com]` or `back`.
    package var description: String {
        switch self {
        case .perform(let action, .none, _): action
        case .perform(let action, .valid, _): "\(action)[valid]"
        case .perform(let action, .invalid(let field, let value), _): "\(action)[\(field)=\(value)]"
        case .back: "back"
        }
    }
}

/// Which values a turn enters in the screen's fields.
package enum InputClass: Hashable, Sendable {
    /// An action that submits nothing.
    case none
    /// The valid value of every field.
    case valid
    /// Valid values, but `value`, one the app refuses, in `field`.
    case invalid(field: ScreenField.ID, value: String)
}
