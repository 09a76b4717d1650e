import Coordination
import Observation
import Synchronization
import Testing

/// Counts the changes an observer was told of, from whichever thread tells it.
final class ChangeCount: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}

/// A screen that keeps the `ScreenSession` it is given and taps through it.
final class ConnectedScreen: Screen {
    let name: String
    private(set) var session: ScreenSession?
    var onNext: (() -> Void)?
    var content: ScreenContent { ScreenContent(title: name, actions: [ScreenAction(id: "next", title: "Next")]) }

    init(_ name: String) {
        self.name = name
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        onNext?()
    }

    func connect(to session: ScreenSession) {
        self.session = session
    }
}

/// Shows `first`, presents `sheet` over it on next, and finishes on next from the sheet.
final class SheetCoordinator: Coordinator {
    let first = ConnectedScreen("first")
    let sheet = ConnectedScreen("sheet")

    override func start() {
        first.onNext = { [unowned self] in
            navigator.present(sheet, owner: self)
        }
        sheet.onNext = { [unowned self] in
            navigator.dismiss()
            finish()
        }
        navigator.setRoot(first, owner: self)
    }
}

@Suite("FlowNavigation and ScreenSession: what an app's UI follows and acts through")
struct FlowNavigationTests {
    @Test("navigation holds each stack of the modal chain and the outcome, and tells an observer of each change")
    func observable() {
        let root = SheetCoordinator(navigator: Navigator())
        let session = FlowSession(root: root)
        let navigation = session.navigation
        let changes = ChangeCount()
        func track() {
            withObservationTracking { _ = navigation.stacks; _ = navigation.outcome } onChange: { changes.add() }
        }
        track()
        session.start()
        #expect(changes.value == 1)
        #expect(navigation.screenNames == [["first"]])
        track()
        try? session.perform("next")
        #expect(changes.value == 2)
        #expect(navigation.screenNames == [["first"], ["sheet"]])
        #expect(navigation.visibleScreen === root.sheet)
        track()
        try? session.perform("next")
        #expect(changes.value == 3)
        #expect(navigation.screenNames == [["first"]])
        #expect(navigation.outcome == .completed(screen: "first"))
    }

    @Test("navigation first read mid-flow starts from the stacks as they are")
    func readLate() throws {
        let root = SheetCoordinator(navigator: Navigator())
        let session = FlowSession(root: root)
        session.start()
        try session.perform("next")
        #expect(session.navigation.screenNames == [["first"], ["sheet"]])
    }

    @Test("a session connecting screens hands each its ScreenSession when shown; taps through it walk the flow")
    func connectedScreens() throws {
        let root = SheetCoordinator(navigator: Navigator())
        let session = FlowSession(root: root, connectingScreens: true)
        session.start()
        let first = try #require(root.first.session)
        try first.perform("next")
        let sheet = try #require(root.sheet.session, "a presented modal's first screen is connected too")
        #expect(throws: ScreenInputError.screenNotVisible(screen: "first")) { try first.perform("next") }
        #expect(throws: ScreenInputError.screenNotVisible(screen: "first")) { try first.goBack() }
        try sheet.perform("next")
        #expect(session.outcome == .completed(screen: "first"))
        #expect(throws: ScreenInputError.flowNotRunning) { try sheet.perform("next") }
    }

    @Test("a headless session connects no screen")
    func headlessConnectsNothing() {
        let root = SheetCoordinator(navigator: Navigator())
        let session = FlowSession(root: root)
        session.start()
        #expect(root.first.session == nil)
    }

    @Test("a screen's ScreenSession does not keep the session alive")
    func noCycle() {
        let root = SheetCoordinator(navigator: Navigator())
        weak var weakSession: FlowSession?
        do {
            let session = FlowSession(root: root, connectingScreens: true)
            weakSession = session
            session.start()
        }
        #expect(weakSession == nil)
        #expect(throws: ScreenInputError.flowNotRunning) { try root.first.session?.perform("next") }
    }
}
