import Coordination

/// The welcome screen as a form with one action, `get_started`.
final class WelcomeForm: WelcomeScreen {
    var onGetStarted: (() -> Void)?

    let name = "welcome"
    let content = ScreenContent(
        title: "Welcome to Switchyard Social",
        body: ["Meet people who share your interests."],
        actions: [ScreenAction(id: "get_started", title: "Get started")],
        allowsBack: false
    )

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        if action == "get_started" { onGetStarted?() }
    }
}
