import Coordination
import VariantKit

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

    /// The turn as a step of a route.
    package var step: FlowRoute.Step {
        switch self {
        case .perform(let action, let input, _): .perform(action: action, input: input)
        case .back: .back
        }
    }

    /// A path from the start, as `start → get_started → create_account[valid]`.
    package static func describe(_ path: [ExploredTurn]) -> String {
        (["start"] + path.map(\.description)).joined(separator: " → ")
    }
}

/// Which values a turn enters in the screen's fields: none, the valid value of every field, or the
/// valid values but one the app refuses in one field.
package typealias InputClass = FlowRoute.Input
