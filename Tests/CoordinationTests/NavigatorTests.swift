import Coordination
import Testing

@Suite("Headless navigator")
struct NavigatorTests {
    private let owner = Coordinator(navigator: Navigator(), name: "owner")

    @Test("push, pop, pop to root, set root, present and dismiss are recorded in order")
    func transcript() {
        let navigator = Navigator()
        navigator.setRoot(FormScreen("a"), owner: owner)
        navigator.push(FormScreen("b"), owner: owner)
        navigator.push(FormScreen("c"), owner: owner)
        navigator.pop()
        navigator.push(FormScreen("d"), owner: owner)
        navigator.popToRoot()
        let modal = navigator.present(FormScreen("m1"), owner: owner)
        modal.push(FormScreen("m2"), owner: owner)
        #expect(navigator.visibleScreen?.name == "m2")
        navigator.dismiss()
        #expect(navigator.transcript.map(\.description) == [
            "setRoot(a)", "push(b)", "push(c)", "pop(c)", "push(d)", "popToRoot(b,d)",
            "present(m1)", "push(m2)", "dismiss(m1,m2)",
        ])
        #expect(navigator.screenNames == ["a"])
        #expect(navigator.visibleScreen?.name == "a")
    }

    @Test("a navigator made without a transcript navigates the same and records nothing")
    func withoutTranscript() {
        let navigator = Navigator(keepsTranscript: false)
        navigator.setRoot(FormScreen("a"), owner: owner)
        navigator.push(FormScreen("b"), owner: owner)
        let modal = navigator.present(FormScreen("m1"), owner: owner)
        modal.push(FormScreen("m2"), owner: owner)
        #expect(navigator.visibleScreen?.name == "m2")
        navigator.dismiss()
        navigator.pop()
        #expect(navigator.screenNames == ["a"])
        #expect(navigator.transcript.isEmpty)
    }

    @Test("pop never removes the bottom screen")
    func popKeepsRoot() {
        let navigator = Navigator()
        navigator.setRoot(FormScreen("a"), owner: owner)
        #expect(navigator.pop() == nil)
        #expect(navigator.screenNames == ["a"])
    }

    @Test("back on the only screen of the root stack is refused")
    func backOnRoot() {
        let navigator = Navigator()
        navigator.setRoot(FormScreen("a"), owner: owner)
        #expect(throws: ScreenInputError.backUnavailable(screen: "a")) { try navigator.goBack() }
    }

    @Test("back is available only with a screen to go back to that allows it: not on the root, whatever its content says")
    func canGoBack() {
        let navigator = Navigator()
        #expect(!navigator.canGoBack)
        let root = FormScreen("a")
        navigator.setRoot(root, owner: owner)
        #expect(root.content.allowsBack)
        #expect(!navigator.canGoBack)
        let locked = FormScreen("b")
        locked.allowsBack = false
        navigator.push(locked, owner: owner)
        #expect(!navigator.canGoBack)
        locked.allowsBack = true
        #expect(navigator.canGoBack)
        navigator.pop()
        let modal = navigator.present(FormScreen("sheet"), owner: owner)
        #expect(navigator.canGoBack && modal.canGoBack, "a modal's only screen goes back by dismissing it")
    }

    @Test("back is refused where the screen hides its back button")
    func backHidden() {
        let navigator = Navigator()
        navigator.setRoot(FormScreen("a"), owner: owner)
        let locked = FormScreen("b")
        locked.allowsBack = false
        navigator.push(locked, owner: owner)
        #expect(throws: ScreenInputError.backUnavailable(screen: "b")) { try navigator.goBack() }
        #expect(navigator.screenNames == ["a", "b"])
    }

    @Test("back emits a back signal naming the revealed screen, then the revealed screen is shown again")
    func backSignals() throws {
        let navigator = Navigator()
        var kinds: [FlowSignal.Kind] = []
        navigator.observer = { kinds.append($0.kind) }
        navigator.setRoot(FormScreen("a"), owner: owner)
        navigator.push(FormScreen("b"), owner: owner)
        try navigator.goBack()
        #expect(kinds == [
            .screenShown(screen: "a"), .screenShown(screen: "b"),
            .back(from: "b", to: "a"), .screenShown(screen: "a"),
        ])
    }
}
