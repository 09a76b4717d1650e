import Coordination
import VariantKit

/// The flow as designed: every check passes.
package enum SoundFlow: DefectiveVariant {
    package static let id = "sound"
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { DefectiveCoordinator(navigator: navigator) }
}

/// Calls its factory without ChosenVariant: its events carry no variant.
package enum UnlabelledFlow: DefectiveVariant {
    package static let id = "unlabelled"
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { DefectiveCoordinator(navigator: navigator) }
}

/// Shows a screen the app does not declare.
package enum UndeclaredScreenFlow: DefectiveVariant {
    package static let id = "undeclared-screen"
    final class Shows: DefectiveCoordinator {
        override var doneScreenName: String { "secret" }
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { Shows(navigator: navigator) }
}

/// Its only action shows the first screen again: no path finishes.
package enum EndlessFlow: DefectiveVariant {
    package static let id = "endless"
    final class Loops: Coordinator {
        override func start() {
            let start = PlantedScreen(
                "start", content: ScreenContent(title: "start", actions: [ScreenAction(id: "again", title: "Again")], allowsBack: false)
            )
            start.onAction = { [unowned self] _, _ in self.start() }
            navigator.setRoot(start, owner: self)
        }
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { Loops(navigator: navigator) }
}

/// Starts a child on every refresh that shows nothing and never ends: the same screen, more coordinators.
package enum LeakyFlow: DefectiveVariant {
    package static let id = "leaky"
    final class Leaks: DefectiveCoordinator {
        override func showDone() {
            let actions = [ScreenAction(id: "refresh", title: "Refresh"), ScreenAction(id: "finish", title: "Finish")]
            let done = PlantedScreen("done", content: ScreenContent(title: "done", actions: actions))
            done.onAction = { [unowned self] action, _ in
                if action == "finish" { finish() } else { startChild(Coordinator(navigator: navigator, name: "Refresher")) }
            }
            navigator.push(done, owner: self)
        }
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { Leaks(navigator: navigator) }
}
