@testable import Coordination
import Testing

/// The references that point back up — a child's parent, a modal's presenter, a screen's
/// owner — never keep their target alive, and read `nil` once it is gone.
@Suite("References back up the tree")
struct BackReferenceTests {
    @Test("a screen's owner reads nil once the coordinator that showed it is freed")
    func ownerOfScreenOutlivingCoordinator() {
        let navigator = Navigator()
        let screen = FormScreen("a")
        weak var freed: Coordinator?
        do {
            let coordinator = Coordinator(navigator: navigator, name: "short-lived")
            freed = coordinator
            navigator.setRoot(screen, owner: coordinator)
            #expect(navigator.owner(of: screen) === coordinator)
        }
        #expect(freed == nil)
        #expect(navigator.owner(of: screen) == nil)
        #expect(navigator.visibleScreen === screen)
    }

    @Test("a child that outlives its parent reads no parent")
    func childOutlivingParent() {
        let child = Coordinator(navigator: Navigator(), name: "child")
        do {
            let parent = ChildStartingCoordinator(child: child)
            parent.startAsRoot()
            #expect(child.parent === parent)
            #expect(child.isRunning)
        }
        #expect(child.parent == nil)
        #expect(child.send(HelpRequested()) == .unhandled)
    }

    @Test("a modal that outlives its presenter becomes a root of its own")
    func modalOutlivingPresenter() {
        let owner = Coordinator(navigator: Navigator(), name: "owner")
        let modal: Navigator
        do {
            let presenter = Navigator()
            presenter.setRoot(FormScreen("home"), owner: owner)
            modal = presenter.present(FormScreen("sheet"), owner: owner)
            #expect(modal.presenter === presenter)
            #expect(modal.root === presenter)
        }
        #expect(modal.presenter == nil)
        #expect(modal.root === modal)
        #expect(modal.visibleScreen?.name == "sheet")
    }

    @Test("a dismissed modal forgets its presenter")
    func dismissedModal() {
        let owner = Coordinator(navigator: Navigator(), name: "owner")
        let presenter = Navigator()
        presenter.setRoot(FormScreen("home"), owner: owner)
        let modal = presenter.present(FormScreen("sheet"), owner: owner)
        presenter.dismiss()
        #expect(modal.presenter == nil)
        #expect(presenter.presented == nil)
    }
}

/// Starts `child` as soon as it is started itself.
private final class ChildStartingCoordinator: Coordinator {
    let child: Coordinator

    init(child: Coordinator) {
        self.child = child
        super.init(navigator: Navigator(), name: "parent")
    }

    override func start() {
        startChild(child)
    }
}
