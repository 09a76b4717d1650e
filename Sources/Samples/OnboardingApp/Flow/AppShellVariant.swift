import Coordination
import VariantKit

/// Makes the auth-flow coordinator chosen for the session, placed as the shell asks.
public typealias AuthFlowFactory = (_ navigator: Navigator, _ placement: AuthFlowCoordinator.Placement) -> AuthFlowCoordinator

/// A variant of the app-shell slot: makes the root coordinator around welcome and home.
public protocol AppShellVariant: FlowVariant {
    /// Creates the app's root coordinator; `authFlow` makes the auth flow it starts as a child.
    static func makeCoordinator(
        navigator: Navigator,
        services: OnboardingServices,
        authFlow: @escaping AuthFlowFactory
    ) -> Coordinator
}

extension AppShellVariant {
    /// The app-shell slot.
    public static var slot: String { OnboardingSlot.appShell.id }
}
