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
        case .perform(let action, let input, _): action + input.suffix
        case .back: "back"
        }
    }

    /// The action the turn performs; nil for back.
    package var action: ScreenAction.ID? {
        if case .perform(let action, _, _) = self { action } else { nil }
    }

    /// The class of input the turn enters; `.none` for back.
    package var input: InputClass {
        if case .perform(_, let input, _) = self { input } else { .none }
    }

    /// A path from the start, as `start → get_started → create_account[valid]`.
    package static func describe(_ path: [ExploredTurn]) -> String {
        (["start"] + path.map(\.description)).joined(separator: " → ")
    }
}

/// Which values a turn enters in the screen's fields.
package enum InputClass: Hashable, Sendable, CustomStringConvertible {
    /// An action that submits nothing.
    case none
    /// The valid value of every field.
    case valid
    /// Valid values, but `value`, one the app refuses, in `field`.
    case invalid(field: ScreenField.ID, value: String)

    /// How a turn's text writes it after the action: nothing, `[valid]` or `[email=taken@example.com]`.
    package var suffix: String {
        switch self {
        case .none: ""
        case .valid: "[valid]"
        case .invalid(let field, let value): "[\(field)=\(value)]"
        }
    }

    /// `none`, `valid` or `field=value`.
    package var description: String {
        switch self {
        case .none: "none"
        case .valid: "valid"
        case .invalid(let field, let value): "\(field)=\(value)"
        }
    }
}
