import Coordination
import OnboardingApp

/// The auth flow that creates the account first, then asks for the profile.
public enum SignupBeforeProfileVariant: AuthFlowVariant {
    public static let id = "signup-before-profile"
    public static let summary = "Signup creates the account, then the profile is saved to it"

    public static func makeCoordinator(
        navigator: Navigator,
        services: OnboardingServices,
        placement: AuthFlowCoordinator.Placement
    ) -> AuthFlowCoordinator {
        SignupBeforeProfileCoordinator(navigator: navigator, services: services, placement: placement)
    }
}
