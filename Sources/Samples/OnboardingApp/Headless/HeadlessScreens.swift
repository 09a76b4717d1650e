/// The app's screens as plain, UI-free objects that describe themselves as `ScreenContent`.
///
/// The terminal, the simulated users and tests all drive these; an iOS build would supply
/// view controllers implementing the same screen protocols instead.
public struct HeadlessScreens: OnboardingScreenFactory {
    /// Creates the factory.
    public init() {}

    public func makeWelcome() -> any WelcomeScreen { WelcomeForm() }

    public func makeSignup(email: String) -> any SignupScreen { SignupForm(email: email) }

    public func makeProfile(draft: Profile?, allowsBack: Bool) -> any ProfileScreen {
        ProfileForm(draft: draft, allowsBack: allowsBack)
    }

    public func makeHome(for account: Account) -> any HomeScreen { HomeView(account: account) }
}
