import Coordination
import VariantKit

/// The sample app Switchyard's experiments run on: welcome, signup, profile, home.
///
/// Its two slots are independent, so any app shell composes with any auth flow: `tablet`
/// with `signup-after-profile`, say.
public enum Onboarding: HostedApp {
    /// Emails that already have an account in every session, so signing up with one fails as taken.
    public static let existingEmails = ["taken@example.com"]

    public static let name = "onboarding"

    public static var slots: [FlowSlot] { [OnboardingSlot.appShell, OnboardingSlot.authFlow] }

    /// The screens of `HeadlessScreens`, which every variant shows.
    public static var screenNames: [String] { ["welcome", "signup", "profile", "home"] }

    public static func makeRootCoordinator(
        for selection: VariantSelection,
        navigator: Navigator
    ) throws(CompositionError) -> Coordinator {
        let shell = try selection.variant(for: OnboardingSlot.appShell.id, as: (any AppShellVariant.Type).self)
        let auth = try selection.variant(for: OnboardingSlot.authFlow.id, as: (any AuthFlowVariant.Type).self)
        let services = OnboardingServices(
            screens: HeadlessScreens(),
            accounts: InMemoryAccountService(existingEmails: existingEmails)
        )
        let root = shell.makeCoordinator(navigator: navigator, services: services) { navigator, placement in
            let coordinator = auth.makeCoordinator(navigator: navigator, services: services, placement: placement)
            coordinator.origin = auth.id
            return coordinator
        }
        root.origin = shell.id
        return root
    }
}
