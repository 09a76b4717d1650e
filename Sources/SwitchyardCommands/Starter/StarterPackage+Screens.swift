// The starter app's screens: the protocols coordinators know them by, the factory that makes them,
// and the headless implementations the terminal, simulated users and tests run.

extension StarterPackage {
    static let screenFiles: [StarterFile] = [
        StarterFile("Sources/__App__App/Screens/WelcomeScreen.swift", #"""
            import Coordination

            /// Says what the newsletter is and asks the reader to go on.
            public protocol WelcomeScreen: Screen {
                /// Reports that the reader wants to sign up.
                var onContinue: (() -> Void)? { get set }
            }

            """#),
        StarterFile("Sources/__App__App/Screens/EmailScreen.swift", #"""
            import Coordination

            /// Asks for the address to sign up, and shows the service's refusals.
            public protocol EmailScreen: Screen {
                /// An error to display, such as an address that is not one; nil hides it.
                var errorMessage: String? { get set }
                /// Reports the address the reader submitted.
                var onSignUp: ((String) -> Void)? { get set }
            }

            """#),
        StarterFile("Sources/__App__App/Screens/DoneScreen.swift", #"""
            import Coordination

            /// Where a new reader lands: the end of the flow.
            public protocol DoneScreen: Screen {}

            """#),
        StarterFile("Sources/__App__App/Screens/__App__ScreenFactory.swift", #"""
            /// Makes the screens of __app__; coordinators ask it for screens and never build them, so every
            /// variant shows the same screens and an app supplies its own view controllers.
            public protocol __App__ScreenFactory {
                /// The welcome.
                func makeWelcome() -> any WelcomeScreen
                /// The address form.
                func makeEmailForm() -> any EmailScreen
                /// The confirmation of `signup`.
                func makeDone(_ signup: Signup) -> any DoneScreen
            }

            """#),
        StarterFile("Sources/__App__App/Headless/Headless__App__Screens.swift", #"""
            /// The screens of __app__ without a UI: what the terminal shows and simulated users read.
            public struct Headless__App__Screens: __App__ScreenFactory {
                /// Creates the factory.
                public init() {}

                public func makeWelcome() -> any WelcomeScreen { WelcomeView() }
                public func makeEmailForm() -> any EmailScreen { EmailForm() }
                public func makeDone(_ signup: Signup) -> any DoneScreen { DoneView(signup: signup) }
            }

            """#),
        StarterFile("Sources/__App__App/Headless/WelcomeView.swift", #"""
            import Coordination

            /// The welcome: one action.
            final class WelcomeView: WelcomeScreen {
                let name = "welcome"
                var onContinue: (() -> Void)?
                let content = ScreenContent(
                    title: "The weekly newsletter",
                    body: ["One email a week, the best of what we wrote."],
                    actions: [ScreenAction(id: "continue", title: "Sign me up")],
                    allowsBack: false
                )

                func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
                    if action == "continue" { onContinue?() }
                }
            }

            """#),
        StarterFile("Sources/__App__App/Headless/EmailForm.swift", #"""
            import Coordination

            /// The address form: one field and a `sign_up` action.
            final class EmailForm: EmailScreen {
                let name = "email"
                var onSignUp: ((String) -> Void)?
                var errorMessage: String? {
                    didSet { content.error = errorMessage }
                }
                private(set) var content = ScreenContent(
                    title: "Your email address",
                    fields: [ScreenField(id: "email", label: "Email", kind: .email)],
                    actions: [ScreenAction(id: "sign_up", title: "Sign up", submitsForm: true)]
                )

                func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
                    guard action == "sign_up" else { return }
                    let email = fields["email"] ?? ""
                    // The typed address stays shown for a retry.
                    content.fields[0].value = email
                    onSignUp?(email)
                }
            }

            """#),
        StarterFile("Sources/__App__App/Headless/DoneView.swift", #"""
            import Coordination

            /// The confirmation: nothing left to do.
            final class DoneView: DoneScreen {
                let name = "done"
                let content: ScreenContent

                init(signup: Signup) {
                    content = ScreenContent(title: "You are signed up", body: ["The next issue goes to \(signup.email)."], allowsBack: false)
                }

                func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {}
            }

            """#),
    ]
}
