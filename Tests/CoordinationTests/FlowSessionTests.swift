import Coordination
import Testing

/// A root that shows nothing and does not finish: a flow the user cannot act in.
final class EmptyRootCoordinator: Coordinator {}

/// Names each change, with `!` when the user's back made it: what a UI driver would act on.
private func describe(_ change: NavigationChange) -> String {
    switch change {
    case .setRoot(let screen, _): "setRoot \(screen.name)"
    case .push(let screen, _): "push \(screen.name)"
    case .pop(let screens, _, let byUser): "pop\(byUser ? "!" : "") \(screens.map(\.name).joined(separator: ","))"
    case .present(let modal, _): "present \(modal.screenNames.joined(separator: ","))"
    case .dismiss(let modal, _, let byUser): "dismiss\(byUser ? "!" : "") \(modal.screenNames.joined(separator: ","))"
    }
}

@Suite("Flow session: the event-driven way into a flow")
struct FlowSessionTests {
    @Test("creating a session shows nothing; start shows the root's first screen")
    func startShowsTheFirstScreen() {
        let session = FlowSession(root: RootCoordinator())
        #expect(session.visibleScreen == nil)
        #expect(!session.isRunning)
        session.start()
        #expect(session.visibleScreen?.name == "home")
        #expect(session.isRunning)
    }

    @Test("actions delivered one by one walk the flow to its end; onEnd hears the outcome once")
    func eventsWalkTheFlow() throws {
        let root = RootCoordinator()
        let session = FlowSession(root: root)
        var outcomes: [FlowOutcome] = []
        session.onEnd = { outcomes.append($0) }
        session.start()
        try session.perform("next")
        try session.perform("next")
        try session.perform("next")
        #expect(outcomes == [.completed(screen: "home")])
        #expect(session.outcome == .completed(screen: "home"))
        #expect(root.liveCoordinatorCount == 0)
        session.abandon()
        #expect(outcomes.count == 1, "an ended flow is not abandoned again")
    }

    @Test("an action on a screen that is no longer visible, or on an ended flow, is refused and changes nothing")
    func staleAndLateActions() throws {
        let session = FlowSession(root: RootCoordinator())
        #expect(throws: ScreenInputError.flowNotRunning) { try session.perform("next") }
        session.start()
        let home = try #require(session.visibleScreen)
        try session.perform("next", on: home)
        #expect(throws: ScreenInputError.screenNotVisible(screen: "home")) { try session.perform("next", on: home) }
        #expect(session.visibleScreen?.name == "child.first")
        session.abandon()
        #expect(session.outcome == .abandoned(screen: "child.first"))
        #expect(throws: ScreenInputError.flowNotRunning) { try session.goBack() }
    }

    @Test("input the screen refuses is an error and the flow stays where it was")
    func refusedInput() throws {
        let session = FlowSession(root: RootCoordinator())
        session.start()
        #expect(throws: ScreenInputError.unknownAction("fly", available: ["next", "help"])) { try session.perform("fly") }
        #expect(throws: ScreenInputError.backUnavailable(screen: "home")) { try session.goBack() }
        #expect(session.visibleScreen?.name == "home")
    }

    @Test("a root that shows no screen leaves the user nowhere to act: the flow ends as abandoned")
    func rootWithoutScreen() {
        let session = FlowSession(root: EmptyRootCoordinator(navigator: Navigator()))
        session.start()
        #expect(session.outcome == .abandoned(screen: nil))
    }

    @Test("every push, pop, present and dismiss reaches the navigation hook, the user's backs marked")
    func navigationChanges() throws {
        for modal in [false, true] {
            let session = FlowSession(root: RootCoordinator(childrenAreModal: modal))
            var changes: [String] = []
            session.onNavigationChange = { changes.append(describe($0)) }
            session.start()
            try session.perform("next")
            try session.perform("next")
            try session.goBack()
            try session.goBack()
            try session.perform("next")
            try session.perform("next")
            try session.perform("next")
            #expect(changes == (modal ? [
                "setRoot home", "present child.first", "push child.second", "pop! child.second", "dismiss! child.first",
                "present child.first", "push child.second", "dismiss child.first,child.second",
            ] : [
                "setRoot home", "push child.first", "push child.second", "pop! child.second", "pop! child.first",
                "push child.first", "push child.second", "pop child.first,child.second",
            ]))
        }
    }
}
