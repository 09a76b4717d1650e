import Coordination
import OnboardingApp
import VariantKit

/// An auth flow written in the app's own main-actor target: signup only, no profile step.
///
/// Coordinators are `nonisolated`: the same flow code runs on the main actor in the app and off
/// it in simulations. They talk to the main-actor view controllers only through the app's screen
/// protocols, from code the main actor calls.
nonisolated final class ExpressAuthFlowCoordinator: AuthFlowCoordinator {
    override func start() {
        let signup = services.screens.makeSignup(email: "")
        signup.onSubmit = { [unowned self, unowned signup] credentials in
            guard let account = createAccount(credentials, profile: nil, errorsOn: signup) else { return }
            complete(with: account)
        }
        show(signup)
    }
}

/// The variant that runs `ExpressAuthFlowCoordinator`.
nonisolated enum ExpressAuthFlowVariant: AuthFlowVariant {
    static let id = "express-signup"
    static let summary = "Signup only; the profile is left for later"

    static func makeCoordinator(
        navigator: Navigator,
        services: OnboardingServices,
        placement: AuthFlowCoordinator.Placement
    ) -> AuthFlowCoordinator {
        ExpressAuthFlowCoordinator(navigator: navigator, services: services, placement: placement)
    }
}
