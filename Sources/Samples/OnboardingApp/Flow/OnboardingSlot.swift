import VariantKit

/// The slots of the onboarding app.
public enum OnboardingSlot {
    /// The app-level flow: navigation structure around the welcome and home screens.
    public static let appShell = AppSlot(
        id: "app-shell",
        summary: "App-level navigation around welcome and home (phone push stack, tablet modal sheet)",
        defaultVariant: "phone"
    )
    /// The auth flow: the order of signup and profile, and when the account is created.
    public static let authFlow = AppSlot(
        id: "auth-flow",
        summary: "Signup and profile steps, and the point where the account is created",
        defaultVariant: "signup-before-profile"
    )
}
