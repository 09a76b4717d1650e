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

    public static var slots: [AppSlot] { [OnboardingSlot.appShell, OnboardingSlot.authFlow] }

    /// Valid values the account service accepts; invalid ones it refuses as a taken or malformed
    /// email, a weak password, or a blank display name.
    public static let syntheticInput = SyntheticInput(fields: [
        "email": .init(valid: "user{user}@example.com", invalid: existingEmails + ["user-at-example.com"]),
        "password": .init(valid: "correct-horse-9", invalid: ["secret"]),
        "display_name": .init(valid: "User {user}", invalid: [" "]),
    ])

    /// The screens of `HeadlessScreens`, which every variant shows.
    public static var screenNames: [String] { ["welcome", "signup", "profile", "home"] }

    public static func makeRootCoordinator(
        for selection: VariantSelection,
        navigator: Navigator
    ) throws(CompositionError) -> Coordinator {
        let services = OnboardingServices(
            screens: HeadlessScreens(),
            accounts: InMemoryAccountService(existingEmails: existingEmails)
        )
        return try makeRootCoordinator(for: selection, navigator: navigator, services: services)
    }

    /// Creates the root coordinator for one session working with `services`: how an app
    /// embedding Switchyard runs the chosen variants on its own screens (view controllers
    /// implementing the screen protocols) and its own account service.
    ///
    /// - Throws: `CompositionError` when a slot's variant is missing or of another kind.
    public static func makeRootCoordinator(
        for selection: VariantSelection,
        navigator: Navigator,
        services: OnboardingServices
    ) throws(CompositionError) -> Coordinator {
        let shell = try selection.variant(for: OnboardingSlot.appShell.id, as: (any AppShellVariant.Type).self)
        let auth = try selection.variant(for: OnboardingSlot.authFlow.id, as: (any AuthFlowVariant.Type).self)
        return shell.coordinator { shell in
            shell.makeCoordinator(navigator: navigator, services: services) { navigator, placement in
                // The auth flow starts when the user asks for it: its variant labels it then.
                auth.coordinator { $0.makeCoordinator(navigator: navigator, services: services, placement: placement) }
            }
        }
    }
}
