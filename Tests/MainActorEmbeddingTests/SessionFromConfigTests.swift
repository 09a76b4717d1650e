import Coordination
import Experiments
import FlowEvents
import Foundation
import Observation
import OnboardingApp
import SampleApps
import Testing
import VariantHost
import VariantKit

@Suite("An app begins a flow from its config in one call; its view controllers act through their ScreenSession and follow FlowNavigation")
struct SessionFromConfigTests {
    /// An onboarding config whose tablets get the tablet shell and whose other users get the defaults.
    private static let config = """
        {
          "version": 1, "app": "onboarding",
          "slots": [
            { "id": "app-shell", "default": "phone" },
            { "id": "auth-flow", "default": "signup-before-profile" }
          ],
          "rules": [ { "slot": "app-shell", "condition": { "deviceClass": "tablet" }, "variant": "tablet" } ]
        }
        """

    private func embeddedOnboarding() throws -> EmbeddedApp {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("embedding-\(UUID().uuidString).json").path
        try Self.config.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try EmbeddedApp(try #require(RegisteredApps.all.app(named: "onboarding")), configuration: path)
    }

    private func begin(_ app: EmbeddedApp, user: String, attributes: Attributes = Attributes(), sink: InMemoryEventSink) throws -> FlowSession {
        let services = OnboardingServices(screens: ViewControllerScreens(), accounts: InMemoryAccountService(existingEmails: []))
        return try app.beginSession(user: user, attributes: attributes, session: "s-\(user)", sink: sink) { selection, navigator in
            try Onboarding.makeRootCoordinator(for: selection, navigator: navigator, services: services)
        }
    }

    @Test("the config assigns the user, the view controllers' own taps walk the flow, and every event names its variant")
    func screensActThroughTheirSession() throws {
        let sink = InMemoryEventSink()
        let session = try begin(try embeddedOnboarding(), user: "ios-10", sink: sink)
        session.start()

        let welcome = try #require(session.visibleScreen as? WelcomeViewController)
        #expect(welcome.session != nil, "the session connects each screen it shows")
        try welcome.getStartedTapped()
        let signup = try #require(session.visibleScreen as? SignupViewController)
        try signup.createAccountTapped(email: "ada@example.com", password: "correct-horse-9")
        let profile = try #require(session.visibleScreen as? ProfileViewController)
        // A late tap on a screen no longer visible is refused, not delivered.
        #expect(throws: ScreenInputError.screenNotVisible(screen: "welcome")) { try welcome.getStartedTapped() }
        try profile.saveTapped(displayName: "Ada")

        #expect(session.outcome == .completed(screen: "home"))
        #expect(throws: ScreenInputError.flowNotRunning) { try signup.createAccountTapped(email: "b@example.com", password: "x") }
        let events = sink.events
        #expect(events.first?.type == .sessionStarted)
        #expect(events.last?.type == .flowCompleted)
        let variants = Set(events.filter { $0.type == .screenShown }.compactMap(\.variant))
        #expect(variants.isSubset(of: ["phone", "signup-before-profile"]) && !variants.isEmpty)
    }

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

    /// What an app does with a deep link: follows its route in the session just begun, entering
    /// the values the user saved in the fields each screen shows.
    private func open(_ link: String, in session: FlowSession, saved: [ScreenField.ID: String]) throws(FlowRouteError) {
        let route = try FlowRoute(parsing: link)
        try route.follow(in: session) { _, content in
            saved.filter { field, _ in content.fields.contains { $0.id == field } }
        }
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

/// Follows a `FlowNavigation` as a SwiftUI view does: tracks what it read, and reads again after each change.
@MainActor
private final class NavigationFollower {
    private(set) var changes = 0
    private let navigation: FlowNavigation

    init(_ navigation: FlowNavigation) {
        self.navigation = navigation
        track()
    }

    private func track() {
        withObservationTracking {
            _ = navigation.stacks
            _ = navigation.outcome
        } onChange: { [weak self] in
            // Called before the change is stored, on the thread that made it: this test's main actor.
            MainActor.assumeIsolated {
                self?.changes += 1
                self?.track()
            }
        }
    }
}
