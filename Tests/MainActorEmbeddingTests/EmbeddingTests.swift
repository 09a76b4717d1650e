import SampleApps
import Coordination
import Experiments
import FlowEvents
import OnboardingApp
import PhoneOnboarding
import SignupBeforeProfile
import TabletOnboarding
import Testing
import VariantHost
import VariantKit

@Suite("An app on the main actor drives Switchyard's coordinators through the public session API")
struct EmbeddingTests {
    /// What an app does to start a logged session: assign, compose the root on its own screens, begin.
    private func begin(
        user: String,
        forced: [String: String],
        selection: VariantSelection,
        sink: InMemoryEventSink
    ) throws -> (session: FlowSession, root: Coordinator) {
        let registry = try VariantRegistry.registries(of: RegisteredApps.all).registry(forApp: "onboarding")
        let assignments = try AppAssigner(defaultsOf: registry).assign(user: user, forced: forced).slots
        let services = OnboardingServices(screens: ViewControllerScreens(), accounts: InMemoryAccountService(existingEmails: ["taken@example.com"]))
        let root = try Onboarding.makeRootCoordinator(for: selection, navigator: Navigator(), services: services)
        let hosted = HostedSession(session: "s-\(user)", user: user, assignments: assignments)
        return (hosted.begin(root: root, sink: sink, clock: SystemClock()), root)
    }

    @Test("the phone shell and signup-before-profile run on view controllers; a refused email shows on the screen; every event is logged")
    func phoneOnboardingOnViewControllers() throws {
        let sink = InMemoryEventSink()
        let (session, root) = try begin(
            user: "ios-1", forced: ["app-shell": "phone", "auth-flow": "signup-before-profile"],
            selection: VariantSelection([PhoneOnboardingVariant.self, SignupBeforeProfileVariant.self]), sink: sink
        )
        let mirror = NavigationMirror()
        var ended: FlowOutcome?
        session.onNavigationChange = { mirror.apply($0) }
        session.onEnd = { ended = $0 }

        session.start()
        let welcome = try #require(session.visibleScreen as? WelcomeViewController)
        #expect(mirror.visible == "welcome")
        try session.perform("get_started", on: welcome)
        let signup = try #require(session.visibleScreen as? SignupViewController)
        #expect(mirror.stacks.map(\.screens) == [["welcome", "signup"]])

        try session.perform("create_account", fields: ["email": "taken@example.com", "password": "correct-horse-9"], on: signup)
        #expect(signup.errorMessage != nil)
        #expect(session.visibleScreen === signup)
        // A second tap on welcome, which is no longer on top, changes nothing.
        #expect(throws: ScreenInputError.screenNotVisible(screen: "welcome")) { try session.perform("get_started", on: welcome) }

        try session.perform("create_account", fields: ["email": "ada@example.com", "password": "correct-horse-9"], on: signup)
        let profile = try #require(session.visibleScreen as? ProfileViewController)
        #expect(mirror.stacks.map(\.screens) == [["welcome", "signup", "profile"]])
        try session.perform("save_profile", fields: ["display_name": "Ada"], on: profile)

        #expect(ended == .completed(screen: "home"))
        #expect(session.outcome == .completed(screen: "home"))
        #expect(mirror.stacks.map(\.screens) == [["home"]])
        #expect(root.liveCoordinatorCount == 0)
        #expect(throws: ScreenInputError.flowNotRunning) { try session.goBack() }

        let events = sink.events
        #expect(events.first?.type == .sessionStarted)
        #expect(events.last?.type == .flowCompleted)
        #expect(events.filter { $0.type == .screenShown }.compactMap(\.screen) == ["welcome", "signup", "profile", "home"])
        #expect(events.filter { $0.type == .mutation }.map { $0.properties["outcome"] } == ["failed", "succeeded", "succeeded"])
        #expect(Set(events.map(\.user)) == ["ios-1"])
    }

    @Test("a coordinator subclass written in the main-actor target runs in the tablet sheet; a swipe down removes it; starting again completes")
    func ownCoordinatorInATabletSheet() throws {
        let sink = InMemoryEventSink()
        let (session, root) = try begin(
            user: "ios-2", forced: ["app-shell": "tablet"],
            selection: VariantSelection([TabletOnboardingVariant.self, ExpressAuthFlowVariant.self]), sink: sink
        )
        let mirror = NavigationMirror()
        session.onNavigationChange = { mirror.apply($0) }
        session.start()

        try session.perform("get_started")
        #expect(mirror.stacks.map(\.screens) == [["welcome"], ["signup"]])
        #expect(root.children.count == 1)
        try session.goBack()
        #expect(mirror.stacks.map(\.screens) == [["welcome"]])
        #expect(mirror.userBacks == 1)
        #expect(root.children.isEmpty, "the user swiped the sheet away: its coordinator left the tree")

        try session.perform("get_started")
        try session.perform("create_account", fields: ["email": "grace@example.com", "password": "correct-horse-9"])
        #expect(session.outcome == .completed(screen: "home"))
        #expect(mirror.stacks.map(\.screens) == [["home"]])
        #expect(root.liveCoordinatorCount == 0)
        let events = sink.events
        #expect(events.contains { $0.type == .childFinished && $0.properties["reason"] == "navigated_back" })
        #expect(events.last?.type == .flowCompleted)
    }

    @Test("abandoning ends the whole tree, logs the abandonment and tells the app once")
    func abandoning() throws {
        let sink = InMemoryEventSink()
        let (session, root) = try begin(
            user: "ios-3", forced: [:],
            selection: VariantSelection([PhoneOnboardingVariant.self, SignupBeforeProfileVariant.self]), sink: sink
        )
        var endings: [FlowOutcome] = []
        session.onEnd = { endings.append($0) }
        session.start()
        try session.perform("get_started")
        session.abandon()
        session.abandon()
        #expect(endings == [.abandoned(screen: "signup")])
        #expect(root.liveCoordinatorCount == 0)
        #expect(sink.events.last?.type == .flowAbandoned)
    }
}
