// The starter app's flow: its `HostedApp` type, its slot, the variant protocol of the slot, and the
// coordinator base its variants share. `switchyard init` writes these files with __App__ replaced by
// the app's type name (`MyApp` for `--app my-app`) and __app__ by its id.

extension StarterPackage {
    static let appFiles: [StarterFile] = [
        StarterFile("Sources/__App__App/Flow/__App__.swift", #"""
            import Coordination
            import VariantKit

            /// __app__: a reader signs up for the newsletter, welcomed first or asked for an address at once.
            ///
            /// Written by `switchyard init` as a starting point: change the screens, the model and the
            /// service to your app's own, keeping the app's name, its slots and its screen names in step.
            public enum __App__: HostedApp {
                public static let name = "__app__"

                public static var slots: [AppSlot] { [__App__Slot.signupFlow] }

                /// The screens of `Headless__App__Screens`: a variant shows some of them.
                public static var screenNames: [String] { ["welcome", "email", "done"] }

                /// A valid address per simulated user; a text that is not an address, and a blank one.
                public static let syntheticInput = SyntheticInput(fields: [
                    "email": .init(valid: "reader{user}@example.com", invalid: ["not-an-address", " "]),
                ])

                public static func makeRootCoordinator(
                    for selection: VariantSelection,
                    navigator: Navigator
                ) throws(CompositionError) -> Coordinator {
                    try makeRootCoordinator(
                        for: selection, navigator: navigator,
                        services: __App__Services(screens: Headless__App__Screens(), signups: InMemorySignupService())
                    )
                }

                /// Creates the root coordinator working with `services`: how an app runs the chosen variant on
                /// its own screens and its own signup service.
                ///
                /// - Throws: `CompositionError` when the slot's variant is missing or of another kind.
                public static func makeRootCoordinator(
                    for selection: VariantSelection,
                    navigator: Navigator,
                    services: __App__Services
                ) throws(CompositionError) -> Coordinator {
                    let flow = try selection.variant(for: __App__Slot.signupFlow.id, as: (any SignupFlowVariant.Type).self)
                    return flow.coordinator { $0.makeCoordinator(navigator: navigator, services: services) }
                }
            }

            """#),
        StarterFile("Sources/__App__App/Flow/__App__Slot.swift", #"""
            import VariantKit

            /// The slots of __app__: the parts of its flow that variants fill.
            public enum __App__Slot {
                /// How a reader gets from the first screen to a confirmed signup.
                public static let signupFlow = AppSlot(
                    id: "signup-flow",
                    summary: "The steps from the first screen to a confirmed signup (welcome first, or the address at once)",
                    defaultVariant: "welcome-first"
                )
            }

            """#),
        StarterFile("Sources/__App__App/Flow/__App__Services.swift", #"""
            /// What a signup coordinator works with: the screens it shows and the service it changes the model through.
            public struct __App__Services {
                /// Makes the screens.
                public var screens: any __App__ScreenFactory
                /// Signs readers up.
                public var signups: any SignupService

                /// Bundles the collaborators.
                public init(screens: any __App__ScreenFactory, signups: any SignupService) {
                    self.screens = screens
                    self.signups = signups
                }
            }

            """#),
        StarterFile("Sources/__App__App/Flow/SignupFlowVariant.swift", #"""
            import Coordination
            import VariantKit

            /// A variant of the signup-flow slot: makes the session's root coordinator.
            public protocol SignupFlowVariant: FlowVariant {
                /// Creates the signup flow's root coordinator; the host starts it.
                static func makeCoordinator(navigator: Navigator, services: __App__Services) -> Coordinator
            }

            extension SignupFlowVariant {
                /// The signup-flow slot.
                public static var slot: String { __App__Slot.signupFlow.id }
            }

            """#),
        StarterFile("Sources/__App__App/Flow/SignupFlowCoordinator.swift", #"""
            import Coordination

            /// The base of signup-flow coordinators: the address form every variant shows, the signup call it
            /// makes (recorded as a mutation, its refusal shown on the form) and the confirmation that ends the flow.
            ///
            /// Variants differ in what comes before the form: they override `start()`.
            open class SignupFlowCoordinator: Coordinator {
                /// The collaborators.
                public let services: __App__Services

                /// Creates a signup flow showing its screens on `navigator`.
                public init(navigator: Navigator, services: __App__Services) {
                    self.services = services
                    super.init(navigator: navigator)
                }

                /// Shows the address form, pushed over the current screen or as the first one; an address the
                /// service takes completes the flow.
                public final func showEmailForm(pushed: Bool) {
                    let form = services.screens.makeEmailForm()
                    form.onSignUp = { [unowned self, unowned form] email in
                        guard let signup = signUp(email, errorsOn: form) else { return }
                        complete(with: signup)
                    }
                    if pushed {
                        navigator.push(form, owner: self)
                    } else {
                        navigator.setRoot(form, owner: self)
                    }
                }

                /// Signs `email` up, recording `sign_up`; on refusal shows the error on `screen`.
                public final func signUp(_ email: String, errorsOn screen: any EmailScreen) -> Signup? {
                    do {
                        let signup = try services.signups.signUp(email: email)
                        recordMutation("sign_up", outcome: .succeeded)
                        screen.errorMessage = nil
                        return signup
                    } catch {
                        recordMutation("sign_up", outcome: .failed(reason: error.code))
                        screen.errorMessage = error.message
                        return nil
                    }
                }

                /// Shows the confirmation of `signup` as the only screen and finishes the flow.
                public final func complete(with signup: Signup) {
                    navigator.setRoot(services.screens.makeDone(signup), owner: self)
                    finish()
                }
            }

            """#),
    ]
}
