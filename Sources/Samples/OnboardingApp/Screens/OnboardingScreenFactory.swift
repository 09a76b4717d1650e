/// Makes the app's screens. Coordinators ask it for screens and never build them themselves,
/// so every variant shows the same screens and a platform can supply its own.
public protocol OnboardingScreenFactory {
    /// The welcome screen.
    func makeWelcome() -> any WelcomeScreen
    /// The signup form, with `email` filled in.
    func makeSignup(email: String) -> any SignupScreen
    /// The profile form, filled in from `draft`; `allowsBack` false hides the back button.
    func makeProfile(draft: Profile?, allowsBack: Bool) -> any ProfileScreen
    /// The home screen of `account`.
    func makeHome(for account: Account) -> any HomeScreen
}
