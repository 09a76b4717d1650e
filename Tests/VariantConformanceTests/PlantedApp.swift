import Coordination
import VariantKit

/// A test-only app whose variants each plant one defect the conformance suite must report.
enum PlantedApp: HostedApp {
    static let name = "planted"
    static var slots: [AppSlot] { [AppSlot(id: "flow", summary: "the whole flow", defaultVariant: SoundFlow.id)] }
    static var screenNames: [String] { ["start", "done"] }
    static let syntheticInput = SyntheticInput(fields: ["code": .init(valid: "ok", invalid: ["bad"])])

    static func makeRootCoordinator(for selection: VariantSelection, navigator: Navigator) throws(CompositionError) -> Coordinator {
        if let unlabelled = selection["flow"] as? UnlabelledFlow.Type {
            // The defect: the variant's factory is called around ChosenVariant, so nothing labels the coordinator.
            return unlabelled.makeCoordinator(navigator: navigator)
        }
        return try selection.variant(for: "flow", as: (any PlantedVariant.Type).self).coordinator { $0.makeCoordinator(navigator: navigator) }
    }
}

/// The kind of variant the planted app's slot takes.
protocol PlantedVariant: FlowVariant {
    static func makeCoordinator(navigator: Navigator) -> Coordinator
}

extension PlantedVariant {
    static var slot: String { "flow" }
    static var summary: String { "planted" }
}

/// A screen that shows what it is given and reports each action to its listener.
final class PlantedScreen: Screen {
    let name: String
    var content: ScreenContent
    var onAction: ((ScreenAction.ID, [ScreenField.ID: String]) -> Void)?

    init(_ name: String, actions: [ScreenAction], fields: [ScreenField] = [], allowsBack: Bool = true) {
        self.name = name
        content = ScreenContent(title: name, fields: fields, actions: actions, allowsBack: allowsBack)
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        onAction?(action, fields)
    }
}

/// start (a code field; "ok" goes on, anything else shows an error) → done → finish.
class SoundCoordinator: Coordinator {
    override func start() {
        let start = PlantedScreen("start", actions: [ScreenAction(id: "next", title: "Next", submitsForm: true)],
                                  fields: [ScreenField(id: "code", label: "Code")], allowsBack: false)
        start.onAction = { [unowned self, unowned start] _, fields in
            guard fields["code"] == "ok" else {
                start.content.error = "wrong code"
                return
            }
            showDone()
        }
        navigator.setRoot(start, owner: self)
    }

    func showDone() {
        let done = PlantedScreen(doneScreenName, actions: [ScreenAction(id: "finish", title: "Finish")])
        done.onAction = { [unowned self] _, _ in finish() }
        navigator.push(done, owner: self)
    }

    var doneScreenName: String { "done" }
}

enum SoundFlow: PlantedVariant {
    static let id = "sound"
    static func makeCoordinator(navigator: Navigator) -> Coordinator { SoundCoordinator(navigator: navigator) }
}

/// Calls its factory without ChosenVariant: its events carry no variant.
enum UnlabelledFlow: PlantedVariant {
    static let id = "unlabelled"
    static func makeCoordinator(navigator: Navigator) -> Coordinator { SoundCoordinator(navigator: navigator) }
}

/// Shows a screen the app does not declare.
enum UndeclaredScreenFlow: PlantedVariant {
    static let id = "undeclared-screen"
    final class Shows: SoundCoordinator {
        override var doneScreenName: String { "secret" }
    }
    static func makeCoordinator(navigator: Navigator) -> Coordinator { Shows(navigator: navigator) }
}

/// Its only action shows the first screen again: no path finishes.
enum EndlessFlow: PlantedVariant {
    static let id = "endless"
    final class Loops: Coordinator {
        override func start() {
            let start = PlantedScreen("start", actions: [ScreenAction(id: "again", title: "Again")], allowsBack: false)
            start.onAction = { [unowned self] _, _ in self.start() }
            navigator.setRoot(start, owner: self)
        }
    }
    static func makeCoordinator(navigator: Navigator) -> Coordinator { Loops(navigator: navigator) }
}

/// Starts a child on every refresh that shows nothing and never ends: the same screen, more coordinators.
enum LeakyFlow: PlantedVariant {
    static let id = "leaky"
    final class Leaks: SoundCoordinator {
        override func showDone() {
            let done = PlantedScreen("done", actions: [ScreenAction(id: "refresh", title: "Refresh"), ScreenAction(id: "finish", title: "Finish")])
            done.onAction = { [unowned self] action, _ in
                if action == "finish" { finish() } else { startChild(Coordinator(navigator: navigator, name: "Refresher")) }
            }
            navigator.push(done, owner: self)
        }
    }
    static func makeCoordinator(navigator: Navigator) -> Coordinator { Leaks(navigator: navigator) }
}
