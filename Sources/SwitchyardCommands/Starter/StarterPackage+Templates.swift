// The starter app's variant templates, which `add-variant` copies into Variants/<Name>/ (and `init`
// uses to make the first two variants), and the coordinator of the second variant `init` makes.

extension StarterPackage {
    static let templateFiles: [StarterFile] = [
        StarterFile("Sources/__App__App/VariantTemplates/README.md", #"""
            # Variant templates of __app__

            `swift package --allow-writing-to-package-directory add-variant --app __app__ --slot signup-flow --name ID --summary TEXT`
            copies the `*.swift.template` files of `signup-flow/` into `Variants/<Name>/`, replacing
            `__Name__` (the UpperCamelCase form of ID), `__id__` and `__summary__`, and registers the module
            in Package.swift. The template is a complete variant (the welcome, then the address form) that
            builds and walks to the end of the flow. This folder is excluded from the __App__App target.

            """#),
        StarterFile("Sources/__App__App/VariantTemplates/signup-flow/__Name__Coordinator.swift.template", #"""
            import Coordination
            import __App__App

            /// The signup flow of __id__. As created from the template: the welcome, then the address form
            /// pushed over it; change the steps here, reusing the app's screens and signup service.
            final class __Name__Coordinator: SignupFlowCoordinator {
                override func start() {
                    let welcome = services.screens.makeWelcome()
                    welcome.onContinue = { [unowned self] in
                        showEmailForm(pushed: true)
                    }
                    navigator.setRoot(welcome, owner: self)
                }
            }

            """#),
        StarterFile("Sources/__App__App/VariantTemplates/signup-flow/__Name__Variant.swift.template", #"""
            import Coordination
            import __App__App

            /// __summary__
            public enum __Name__Variant: SignupFlowVariant {
                public static let id = "__id__"
                public static let summary = "__summary__"

                public static func makeCoordinator(navigator: Navigator, services: __App__Services) -> Coordinator {
                    __Name__Coordinator(navigator: navigator, services: services)
                }
            }

            """#),
    ]

    /// The coordinator of the second variant, written over the one its template made: the address form at once.
    static let emailFirstCoordinator = StarterFile("Variants/EmailFirst/EmailFirstCoordinator.swift", #"""
        import Coordination
        import __App__App

        /// The address form at once, with no welcome to leave from.
        final class EmailFirstCoordinator: SignupFlowCoordinator {
            override func start() {
                showEmailForm(pushed: false)
            }
        }

        """#)
}
