import Coordination

/// A screen with a `next` action and an optional required `name` field.
final class FormScreen: Screen {
    let name: String
    var allowsBack = true
    var fields: [ScreenField] = []
    var onAction: ((ScreenAction.ID, [ScreenField.ID: String]) -> Void)?

    init(_ name: String, fields: [ScreenField] = []) {
        self.name = name
        self.fields = fields
    }

    var content: ScreenContent {
        ScreenContent(
            title: name,
            fields: fields,
            actions: [ScreenAction(id: "next", title: "Next", submitsForm: true), ScreenAction(id: "help", title: "Help")],
            allowsBack: allowsBack
        )
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        onAction?(action, fields)
    }
}

/// A message asking for help, sent up the tree.
struct HelpRequested: FlowMessage {}

/// Shows `first`, then `second` on `next`, and finishes on `next` from `second`.
/// Shows its screens pushed on the parent's stack, or presented modally.
final class TwoStepCoordinator: Coordinator {
    let modally: Bool
    var onHelpDelivered: ((MessageDelivery) -> Void)?
    private var flowNavigator: Navigator?

    init(navigator: Navigator, name: String, modally: Bool = false) {
        self.modally = modally
        super.init(navigator: navigator, name: name)
    }

    override func start() {
        let first = FormScreen("\(name).first")
        first.onAction = { [unowned self] action, _ in
            if action == "help" { onHelpDelivered?(send(HelpRequested())); return }
            let second = FormScreen("\(name).second")
            second.onAction = { [unowned self] action, _ in if action == "next" { finish() } }
            (flowNavigator ?? navigator).push(second, owner: self)
        }
        if modally {
            flowNavigator = navigator.present(first, owner: self)
        } else {
            navigator.push(first, owner: self)
            flowNavigator = navigator
        }
    }
}

/// A root that shows `home`, starts a `TwoStepCoordinator` child on `next`, and finishes when
/// the child does. Records how each child ended, and handles help requests when asked to.
final class RootCoordinator: Coordinator {
    let childrenAreModal: Bool
    let handlesHelp: Bool
    var endings: [ChildEnding] = []
    var helpRequests = 0
    var helpDeliveries: [MessageDelivery] = []

    init(navigator: Navigator = Navigator(), childrenAreModal: Bool = false, handlesHelp: Bool = true) {
        self.childrenAreModal = childrenAreModal
        self.handlesHelp = handlesHelp
        super.init(navigator: navigator, name: "root", variant: "root-variant")
    }

    override func start() {
        let home = FormScreen("home")
        home.allowsBack = false
        home.onAction = { [unowned self] action, _ in
            guard action == "next" else { return }
            let child = TwoStepCoordinator(navigator: navigator, name: "child", modally: childrenAreModal)
            child.onHelpDelivered = { [unowned self] in helpDeliveries.append($0) }
            startChild(child) { [unowned self] ending in
                endings.append(ending)
                if ending == .finished {
                    navigator.dismiss()
                    navigator.popToRoot()
                    finish()
                }
            }
        }
        navigator.setRoot(home, owner: self)
    }

    override func handle(_ message: any FlowMessage) -> Bool {
        guard handlesHelp, message is HelpRequested else { return false }
        helpRequests += 1
        return true
    }
}
