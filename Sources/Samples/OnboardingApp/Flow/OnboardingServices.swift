/// The collaborators every onboarding coordinator works with.
public struct OnboardingServices {
    /// Makes the screens.
    public var screens: any OnboardingScreenFactory
    /// Changes the model: accounts and profiles.
    public var accounts: any AccountService

    /// Creates the set of collaborators.
    public init(screens: any OnboardingScreenFactory, accounts: any AccountService) {
        self.screens = screens
        self.accounts = accounts
    }
}
