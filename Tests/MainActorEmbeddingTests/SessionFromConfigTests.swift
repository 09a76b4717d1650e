import Coordination
import Experiments
import FlowEvents
import OnboardingApp
import SampleApps
import Testing
import VariantHost
import VariantKit

/// `embeddedOnboarding()`, `begin(_:user:attributes:sink:)`, `open(_:in:saved:)`, `NavigationFollower` and
/// the first walk through the flow are compiled into this target from VariantKit's article "Embedding
/// in an app on the main actor", which shows them.
@Suite("An app begins a flow from its config in one call; its view controllers act through their ScreenSession and follow FlowNavigation")
struct SessionFromConfigTests {
    @Test("a tablet user is given the tablet shell by the config's rule; the sheet's screen is connected too")
    func ruleChoosesTheShell() throws {
        let sink = InMemoryEventSink()
        let session = try begin(try embeddedOnboarding(), user: "ios-11", attributes: ["deviceClass": "tablet"], sink: sink)
        session.start()
        try #require(session.visibleScreen as? WelcomeViewController).getStartedTapped()
        #expect(session.navigation.stacks.count == 2, "the tablet shell presents signup in a sheet")
        let signup = try #require(session.visibleScreen as? SignupViewController)
        #expect(signup.session != nil)
        #expect(sink.events.contains { $0.type == .screenShown && $0.variant == "tablet" })
    }

    @Test("a deep link opens the flow at the screen its route names; one the variant cannot follow stops at its step")
    func deepLink() throws {
        let app = try embeddedOnboarding()
        let opened = try begin(app, user: "ios-13", sink: InMemoryEventSink())
        opened.start()
        try open("get_started > create_account[valid]", in: opened, saved: ["email": "ada@example.com", "password": "correct-horse-9"])
        #expect(opened.visibleScreen is ProfileViewController)

        let refused = try begin(app, user: "ios-14", sink: InMemoryEventSink())
        refused.start()
        #expect(throws: FlowRouteError.self) { try open("get_started > save_profile[valid]", in: refused, saved: [:]) }
        #expect(refused.visibleScreen is SignupViewController, "the session stays where the failing step found it")
    }

    @Test("FlowNavigation tells an observer of every change to the stacks and of the end, as SwiftUI would be told")
    func navigationIsObservable() throws {
        let session = try begin(try embeddedOnboarding(), user: "ios-12", sink: InMemoryEventSink())
        let navigation = session.navigation
        let follower = NavigationFollower(navigation)
        #expect(navigation.visibleScreen == nil, "nothing is shown before the flow starts")

        session.start()
        #expect(follower.changes >= 1)
        #expect(navigation.screenNames == [["welcome"]])

        let before = follower.changes
        try #require(navigation.visibleScreen as? WelcomeViewController).getStartedTapped()
        #expect(follower.changes > before)
        #expect(navigation.screenNames == [["welcome", "signup"]])

        try session.goBack()
        #expect(navigation.screenNames == [["welcome"]])
        session.abandon()
        #expect(navigation.outcome == .abandoned(screen: "welcome"))
    }
}
