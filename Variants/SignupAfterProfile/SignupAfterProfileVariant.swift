import Coordination
import OnboardingApp

/// The auth flow that asks for the profile first and creates the account, profile included, last.
public enum SignupAfterProfileVariant: AuthFlowVariant {
    public static let id = "signup-after-profile"
    public static let summary = "Profile first, kept as a draft; signup then creates the account with it"

    public static func makeCoordinator(
        navigator: Navigator,
        services: OnboardingServices,
        placement: AuthFlowCoordinator.Placement
    ) -> AuthFlowCoordinator {
        SignupAfterProfileCoordinator(navigator: navigator, services: services, placement: placement)
    }
}
