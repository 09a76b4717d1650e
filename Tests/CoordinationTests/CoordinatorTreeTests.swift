import Coordination
import CoordinationTesting
import Testing

@Suite("Coordinator tree")
struct CoordinatorTreeTests {
    @Test("creating a coordinator shows nothing until it is started")
    func initialisationIsSeparateFromStart() {
        let root = RootCoordinator()
        #expect(root.phase == .ready)
        #expect(root.navigator.visibleScreen == nil)
        #expect(root.liveCoordinatorCount == 0)
    }

    @Test("a started child stays in the tree until it finishes, then its parent hears .finished")
    func childFinishes() {
        let root = RootCoordinator()
        let recording = FlowRecording.walk(root, turns: [.perform("next"), .perform("next"), .perform("next")])
        #expect(recording.outcome == .completed(screen: "home"))
        #expect(root.endings == [.finished])
        #expect(recording.liveCoordinators == 0)
        #expect(recording.screensShown == ["home", "child.first", "child.second", "home"])
        let treeSignals = recording.signals.filter {
            if case .childStarted = $0.kind { return true }
            if case .childFinished = $0.kind { return true }
            return false
        }.map(\.kind)
        #expect(treeSignals == [.childStarted(child: "child"), .childFinished(child: "child", reason: .finished)])
    }

    @Test("going back past a pushed child's first screen removes it from the tree with .navigatedBack")
    func backOutOfPushedChild() {
        let root = RootCoordinator()
        let recording = FlowRecording.walk(root, turns: [.perform("next"), .back, .perform("next"), .perform("next"), .perform("next")])
        #expect(root.endings == [.navigatedBack, .finished])
        #expect(recording.signals.contains { $0.kind == .childFinished(child: "child", reason: .navigatedBack) })
        #expect(recording.outcome == .completed(screen: "home"))
        #expect(recording.liveCoordinators == 0)
    }

    @Test("exactly one live child after entering a sub-flow, going back, and entering it again")
    func noLeakedOrDoubledChildren() {
        let root = RootCoordinator()
        var user = TreeWatchingUser(root: root, script: ScriptedUser([.perform("next"), .back, .perform("next"), .quit]))
        _ = FlowRunner().run(root, user: &user)
        // Before each turn: home (no child), in the child, back on home, in the new child.
        #expect(user.liveChildrenBeforeEachTurn == [0, 1, 0, 1])
        #expect(root.liveCoordinatorCount == 0)
    }

    @Test("going back on a single-screen modal dismisses it and removes its coordinator")
    func backOutOfModalChild() {
        let root = RootCoordinator(childrenAreModal: true)
        let recording = FlowRecording.walk(root, turns: [.perform("next"), .back, .perform("next"), .perform("next"), .perform("next")])
        #expect(root.endings == [.navigatedBack, .finished])
        #expect(recording.navigation.prefix(3) == [.setRoot("home"), .present("child.first"), .back("child.first")])
        #expect(recording.outcome.isCompleted)
        #expect(recording.liveCoordinators == 0)
    }

    @Test("going back within a child pops one screen and keeps the child")
    func backWithinChild() {
        let root = RootCoordinator()
        let recording = FlowRecording.walk(root, turns: [.perform("next"), .perform("next"), .back, .perform("next"), .perform("next")])
        #expect(root.endings == [.finished])
        #expect(recording.screensShown == ["home", "child.first", "child.second", "child.first", "child.second", "home"])
    }

    @Test("quitting abandons the flow, ends every coordinator and emits flow_abandoned where the user was")
    func abandonment() {
        let root = RootCoordinator()
        let recording = FlowRecording.walk(root, turns: [.perform("next"), .quit])
        #expect(recording.outcome == .abandoned(screen: "child.first"))
        #expect(root.endings == [.abandoned])
        #expect(recording.liveCoordinators == 0)
        #expect(recording.signals.contains { $0.kind == .flowAbandoned(screen: "child.first") })
    }

    @Test("running out of input abandons the flow")
    func exhaustedScriptAbandons() {
        let recording = FlowRecording.walk(RootCoordinator(), turns: [])
        #expect(recording.outcome == .abandoned(screen: "home"))
        #expect(recording.liveCoordinators == 0)
    }

    @Test("signals carry the variant of the coordinator that emitted them; children inherit it")
    func variantIsInherited() {
        let recording = FlowRecording.walk(RootCoordinator(), turns: [.perform("next")])
        #expect(recording.signals.allSatisfy { $0.variant == "root-variant" })
        #expect(recording.signals.contains { $0.coordinator == "child" })
    }

    @Test("a coordinator cannot be started twice")
    func startOnce() {
        let root = RootCoordinator()
        _ = FlowRecording.walk(root, turns: [.perform("next")])
        let child = TwoStepCoordinator(navigator: root.navigator, name: "late")
        root.startChild(child)
        #expect(child.phase == .ready, "an ended parent does not start children")
    }
}

/// A scripted user that notes how many children the root has before each of its turns.
private struct TreeWatchingUser: FlowUser {
    let root: Coordinator
    var script: ScriptedUser
    var liveChildrenBeforeEachTurn: [Int] = []

    mutating func nextTurn(on screen: any Screen) -> UserTurn {
        liveChildrenBeforeEachTurn.append(root.children.count)
        return script.nextTurn(on: screen)
    }

    mutating func turnRejected(_ turn: UserTurn, on screen: any Screen, because error: ScreenInputError) {
        script.turnRejected(turn, on: screen, because: error)
    }
}
