import Coordination
import OnboardingApp
import VariantKit

/// The variant that runs `ExpressAuthFlowCoordinator`, a `nonisolated` coordinator written in this
/// main-actor target, compiled from VariantKit's article "Embedding in an app on the main actor".
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
