import Coordination
import OnboardingApp

/// The tablet app shell: welcome stays put while the auth flow runs in a modal sheet.
public enum TabletOnboardingVariant: AppShellVariant {
    public static let id = "tablet"
    public static let summary = "Welcome stays on screen; the auth flow runs in a modal sheet, dismissed for home"

    public static func makeCoordinator(
        navigator: Navigator,
        services: OnboardingServices,
        authFlow: @escaping AuthFlowFactory
    ) -> Coordinator {
        TabletOnboardingCoordinator(navigator: navigator, services: services, authFlow: authFlow)
    }
}
