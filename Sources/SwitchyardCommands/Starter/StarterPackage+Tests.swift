// The starter package's tests: Switchyard's conformance suite over the registry, the signup flows
// walked through the session API, and the app embedded on the main actor as an iOS app embeds it.

extension StarterPackage {
    static let testFiles: [StarterFile] = [
        StarterFile("Tests/__App__Tests/ConformanceTests.swift", #"""
            import __App__Registry
            import Testing
            import VariantConformance
            import VariantKit

            @Suite("Every app this package registers passes Switchyard's conformance suite")
            struct ConformanceTests {
                @Test("the registry holds this package's apps")
                func registryIsNotEmpty() {
                    #expect(!RegisteredApps.all.isEmpty)
                }

                @Test("each registered app, with every variant registered for it, conforms", arguments: RegisteredApps.all.map { $0.app.name })
                func conforms(app: String) async throws {
                    let registered = try #require(RegisteredApps.all.app(named: app))
                    let report = await VariantConformance.check(registered)
                    #expect(report.passed, "\(report)")
                    #expect(Set(report.combinations.flatMap { $0 }) == Set(registered.variants.map { $0.id }))
                }
            }

            """#),
        StarterFile("Tests/__App__Tests/SignupFlowTests.swift", #"""
            import __App__App
            import __App__Registry
            import Coordination
            import Testing
            import VariantKit

            @Suite("The signup flows of __app__")
            struct SignupFlowTests {
                private let signups = InMemorySignupService()

                private func session(_ variant: String) throws -> FlowSession {
                    let registered = try #require(RegisteredApps.all.app(named: __App__.name))
                    let chosen = try #require(registered.variants.first { $0.id == variant })
                    let services = __App__Services(screens: Headless__App__Screens(), signups: signups)
                    return FlowSession(root: try __App__.makeRootCoordinator(for: VariantSelection([chosen]), navigator: Navigator(), services: services))
                }

                @Test("welcome first: the address form is pushed over the welcome, back returns to it, and a signup ends the flow")
                func welcomeFirst() throws {
                    let session = try session("welcome-first")
                    session.start()
                    #expect(session.visibleScreen?.name == "welcome")
                    try session.perform("continue")
                    #expect(session.navigator.screenNames == ["welcome", "email"])
                    try session.goBack()
                    #expect(session.visibleScreen?.name == "welcome")
                    try session.perform("continue")
                    try session.perform("sign_up", fields: ["email": "Ada@Example.com"])
                    #expect(session.outcome == .completed(screen: "done"))
                    #expect(signups.signups == [Signup(email: "ada@example.com")])
                }

                @Test("email first: the address form is the first screen")
                func emailFirst() throws {
                    let session = try session("email-first")
                    session.start()
                    #expect(session.navigator.screenNames == ["email"])
                    try session.perform("sign_up", fields: ["email": "ada@example.com"])
                    #expect(session.outcome == .completed(screen: "done"))
                }

                @Test("an address that is not one is shown on the form, which stays for a retry")
                func refusal() throws {
                    let session = try session("email-first")
                    session.start()
                    try session.perform("sign_up", fields: ["email": "not-an-address"])
                    #expect(session.visibleScreen?.name == "email")
                    #expect(session.visibleScreen?.content.error == SignupError.invalidEmail.message)
                    #expect(signups.signups.isEmpty)
                    try session.perform("sign_up", fields: ["email": "ada@example.com"])
                    #expect(session.outcome == .completed(screen: "done"))
                }
            }

            """#),
        StarterFile("Tests/__App__EmbeddingTests/EmbeddingTests.swift", #"""
            import __App__App
            import __App__Registry
            import Coordination
            import FlowEvents
            import Foundation
            import Testing
            import VariantHost
            import VariantKit

            @Suite("__app__ embedded in an app on the main actor, from its config to a logged session")
            struct EmbeddingTests {
                /// This package's Configuration/__app__/experiments.json, as an app would bundle it.
                private static let configuration = URL(fileURLWithPath: #filePath)
                    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("Configuration/__app__/experiments.json").path

                @Test("users are assigned by the config, walk on view controllers, and every event carries the variant they were given")
                func assignedAndLogged() throws {
                    let app = try EmbeddedApp(try #require(RegisteredApps.all.app(named: __App__.name)), configuration: Self.configuration)
                    var variantsSeen: Set<String> = []
                    for index in 0..<40 {
                        let sink = InMemoryEventSink()
                        let signups = InMemorySignupService()
                        let services = __App__Services(screens: ViewControllerScreens(), signups: signups)
                        let session = try app.beginSession(user: "ios-\(index)", session: "s-\(index)", sink: sink) { selection, navigator in
                            try __App__.makeRootCoordinator(for: selection, navigator: navigator, services: services)
                        }
                        session.start()
                        if let welcome = session.visibleScreen as? WelcomeViewController {
                            try welcome.tapContinue()
                        }
                        let form = try #require(session.visibleScreen as? EmailViewController)
                        try form.tapSignUp(email: "not-an-address")
                        #expect(form.errorMessage == SignupError.invalidEmail.message)
                        try form.tapSignUp(email: "reader\(index)@example.com")
                        #expect(session.outcome == .completed(screen: "done"))
                        #expect(signups.signups.count == 1)

                        let assigned = try #require(sink.events.first { $0.type == .exposure }?.variant, "the experiment exposes every user")
                        variantsSeen.insert(assigned)
                        #expect(sink.events.filter { $0.type == .screenShown }.allSatisfy { $0.variant == assigned })
                    }
                    #expect(variantsSeen == ["welcome-first", "email-first"], "the experiment splits 40 users between its variations")
                }
            }

            """#),
        StarterFile("Tests/__App__EmbeddingTests/ViewControllers.swift", #"""
            import __App__App
            import Coordination

            // Stand-ins for the app's view controllers: main-actor classes (this target's default isolation,
            // as an Xcode app target's) implementing the screen protocols. Each keeps the `ScreenSession` the
            // session hands it and sends its buttons' taps through it.

            /// The welcome.
            final class WelcomeViewController: WelcomeScreen {
                let name = "welcome"
                var onContinue: (() -> Void)?
                private var session: ScreenSession?
                var content: ScreenContent {
                    ScreenContent(title: "Newsletter", actions: [ScreenAction(id: "continue", title: "Sign me up")], allowsBack: false)
                }

                func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
                    if action == "continue" { onContinue?() }
                }

                func connect(to session: ScreenSession) {
                    self.session = session
                }

                func tapContinue() throws(ScreenInputError) {
                    try session?.perform("continue")
                }
            }

            /// The address form.
            final class EmailViewController: EmailScreen {
                let name = "email"
                var onSignUp: ((String) -> Void)?
                var errorMessage: String?
                private var session: ScreenSession?
                var content: ScreenContent {
                    ScreenContent(
                        title: "Email", error: errorMessage, fields: [ScreenField(id: "email", label: "Email", kind: .email)],
                        actions: [ScreenAction(id: "sign_up", title: "Sign up", submitsForm: true)]
                    )
                }

                func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
                    onSignUp?(fields["email"] ?? "")
                }

                func connect(to session: ScreenSession) {
                    self.session = session
                }

                func tapSignUp(email: String) throws(ScreenInputError) {
                    try session?.perform("sign_up", fields: ["email": email])
                }
            }

            /// The confirmation.
            final class DoneViewController: DoneScreen {
                let name = "done"
                var content: ScreenContent { ScreenContent(title: "Signed up", allowsBack: false) }

                func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {}
            }

            /// The app's screen factory.
            struct ViewControllerScreens: __App__ScreenFactory {
                func makeWelcome() -> any WelcomeScreen { WelcomeViewController() }
                func makeEmailForm() -> any EmailScreen { EmailViewController() }
                func makeDone(_ signup: Signup) -> any DoneScreen { DoneViewController() }
            }

            """#),
    ]
}
