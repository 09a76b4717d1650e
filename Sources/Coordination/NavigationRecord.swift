/// One entry of a navigator's transcript: what the navigation stack did.
public enum NavigationRecord: Sendable, Hashable, CustomStringConvertible {
    /// The stack was replaced by a single root screen.
    case setRoot(String)
    /// A screen was pushed.
    case push(String)
    /// The top screen was popped by a coordinator.
    case pop(String)
    /// Screens above the root were popped by a coordinator.
    case popToRoot(popped: [String])
    /// A screen was presented modally in a stack of its own.
    case present(String)
    /// A modal stack was dismissed, removing these screens.
    case dismiss([String])
    /// The user went back from a screen (popping it, or dismissing its modal).
    case back(String)

    /// The entry as a transcript line, such as `push(signup)`.
    public var description: String {
        switch self {
        case .setRoot(let screen): "setRoot(\(screen))"
        case .push(let screen): "push(\(screen))"
        case .pop(let screen): "pop(\(screen))"
        case .popToRoot(let popped): "popToRoot(\(popped.joined(separator: ",")))"
        case .present(let screen): "present(\(screen))"
        case .dismiss(let screens): "dismiss(\(screens.joined(separator: ",")))"
        case .back(let screen): "back(\(screen))"
        }
    }
}
