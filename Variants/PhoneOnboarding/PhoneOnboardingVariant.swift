import Coordination
import OnboardingApp

/// The phone app shell: one push navigation stack, the auth flow pushed onto it.
public enum PhoneOnboardingVariant: AppShellVariant {
    public static let id = "phone"
    public static let summary = "One push stack: welcome, then the auth flow pushed onto it, then home as the new root"

    public static func makeCoordinator(
        navigator: Navigator,
        services: OnboardingServices,
        authFlow: @escaping AuthFlowFactory
    ) -> Coordinator {
        PhoneOnboardingCoordinator(navigator: navigator, services: services, authFlow: authFlow)
    }
}
