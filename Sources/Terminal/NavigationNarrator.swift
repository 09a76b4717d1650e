import Coordination

/// Says in a line what a navigation change did, for a person walking a flow in the terminal:
/// where a phone shell pushes a screen, a tablet shell presents a sheet, and the terminal shows
/// which, as a real UI would animate it.
package enum NavigationNarrator {
    /// The line for `change`, such as `(pushed signup over welcome)`.
    package static func line(for change: NavigationChange) -> String {
        switch change {
        case .setRoot(let screen, _):
            "(\(screen.name) replaced the stack)"
        case .push(let screen, let navigator):
            "(pushed \(screen.name)\(below(navigator.screenNames.dropLast().last)))"
        case .pop(let screens, let navigator, let byUser):
            "(\(byUser ? "went back from" : "popped") \(names(screens))\(revealing(navigator.screenNames.last)))"
        case .present(let modal, let presenter):
            "(presented \(modal.screenNames.first ?? "a sheet") in a sheet\(below(presenter.screenNames.last)))"
        case .dismiss(let modal, let presenter, let byUser):
            "(\(byUser ? "swiped away" : "dismissed") the sheet of \(modal.screenNames.last ?? "no screen")"
                + "\(revealing(presenter.screenNames.last)))"
        }
    }

    private static func names(_ screens: [any Screen]) -> String {
        screens.map(\.name).joined(separator: ", ")
    }

    private static func below(_ screen: String?) -> String {
        screen.map { " over \($0)" } ?? ""
    }

    private static func revealing(_ screen: String?) -> String {
        screen.map { ", back on \($0)" } ?? ""
    }
}
