import Coordination
import OnboardingApp

// Stand-ins for an iOS app's view controllers: main-actor classes implementing the onboarding
// app's screen protocols, as UIKit view controllers would. This target is built with the main
// actor as its default isolation, as new Xcode app targets are, so everything here is
// main-actor isolated unless it says otherwise; UIKit itself is not available on Linux.
// `SignupViewController` is compiled from VariantKit's article "Embedding in an app on the main actor".

/// The welcome view controller: one button.
@MainActor
final class WelcomeViewController: WelcomeScreen {
    let name = "welcome"
    var onGetStarted: (() -> Void)?
    /// Given by the session when the screen is shown.
    private(set) var session: ScreenSession?
    var content: ScreenContent {
        ScreenContent(title: "Welcome", actions: [ScreenAction(id: "get_started", title: "Get started")], allowsBack: false)
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        if action == "get_started" { onGetStarted?() }
    }

    func connect(to session: ScreenSession) {
        self.session = session
    }

    /// What the button's target-action does.
    func getStartedTapped() throws(ScreenInputError) {
        try session?.perform("get_started")
    }
}

/// The profile view controller.
@MainActor
final class ProfileViewController: ProfileScreen {
    let name = "profile"
    var onSave: ((Profile) -> Void)?
    var errorMessage: String?
    private(set) var session: ScreenSession?
    let allowsBack: Bool
    var content: ScreenContent {
        ScreenContent(
            title: "Profile",
            error: errorMessage,
            fields: [ScreenField(id: "display_name", label: "Display name")],
            actions: [ScreenAction(id: "save_profile", title: "Save", submitsForm: true)],
            allowsBack: allowsBack
        )
    }

    init(allowsBack: Bool) {
        self.allowsBack = allowsBack
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        onSave?(Profile(displayName: fields["display_name"] ?? "", interests: []))
    }

    func connect(to session: ScreenSession) {
        self.session = session
    }

    /// What the save button's target-action does.
    func saveTapped(displayName: String) throws(ScreenInputError) {
        try session?.perform("save_profile", fields: ["display_name": displayName])
    }
}

/// The home view controller.
@MainActor
final class HomeViewController: HomeScreen {
    let name = "home"
    let account: Account
    var content: ScreenContent { ScreenContent(title: "Hello, \(account.email)", allowsBack: false) }

    init(account: Account) {
        self.account = account
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {}
}

/// Makes the view controllers, as an app's screen factory would.
@MainActor
struct ViewControllerScreens: OnboardingScreenFactory {
    func makeWelcome() -> any WelcomeScreen { WelcomeViewController() }
    func makeSignup(email: String) -> any SignupScreen { SignupViewController() }
    func makeProfile(draft: Profile?, allowsBack: Bool) -> any ProfileScreen { ProfileViewController(allowsBack: allowsBack) }
    func makeHome(for account: Account) -> any HomeScreen { HomeViewController(account: account) }
}
