import Coordination
import VariantKit

/// A variant of the auth-flow slot: makes the coordinator that runs signup and profile.
public protocol AuthFlowVariant: FlowVariant {
    /// Creates the auth flow's coordinator; it is started later, by its parent.
    static func makeCoordinator(
        navigator: Navigator,
        services: OnboardingServices,
        placement: AuthFlowCoordinator.Placement
    ) -> AuthFlowCoordinator
}

extension AuthFlowVariant {
    /// The auth-flow slot.
    public static var slot: String { OnboardingSlot.authFlow.id }
}
