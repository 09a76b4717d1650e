import Coordination

/// What a UIKit driver does with `NavigationChange`s: one stack of view controllers per
/// navigator, presented modally over its presenter's, kept in step with the headless navigator.
@MainActor
final class NavigationMirror {
    /// The screen names of each mirrored stack, the root navigator's first, then each modal's.
    private(set) var stacks: [(navigator: ObjectIdentifier, screens: [String])] = []
    /// How many changes the user's own back gesture made (the UI would have animated them already).
    private(set) var userBacks = 0

    func apply(_ change: NavigationChange) {
        switch change {
        case .setRoot(let screen, let navigator):
            update(navigator) { $0 = [screen.name] }
        case .push(let screen, let navigator):
            update(navigator) { $0.append(screen.name) }
        case .pop(let screens, let navigator, let byUser):
            if byUser { userBacks += 1 }
            update(navigator) { $0.removeLast(screens.count) }
        case .present(let modal, _):
            stacks.append((ObjectIdentifier(modal), modal.screenNames))
        case .dismiss(let modal, _, let byUser):
            if byUser { userBacks += 1 }
            if let index = stacks.firstIndex(where: { $0.navigator == ObjectIdentifier(modal) }) {
                stacks.removeSubrange(index...)
            }
        }
    }

    /// The screen on top of the topmost mirrored stack.
    var visible: String? { stacks.last?.screens.last }

    private func update(_ navigator: Navigator, _ change: (inout [String]) -> Void) {
        if let index = stacks.firstIndex(where: { $0.navigator == ObjectIdentifier(navigator) }) {
            change(&stacks[index].screens)
        } else {
            var screens: [String] = []
            change(&screens)
            stacks.append((ObjectIdentifier(navigator), screens))
        }
    }
}
