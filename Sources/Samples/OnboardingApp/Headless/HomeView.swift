import Coordination

/// The home screen: a greeting, and nothing to do yet.
final class HomeView: HomeScreen {
    let name = "home"
    let content: ScreenContent

    init(account: Account) {
        let displayName = account.profile?.displayName ?? account.email
        var body = ["Signed in as \(account.email)."]
        if let interests = account.profile?.interests, !interests.isEmpty {
            body.append("Interests: \(interests.joined(separator: ", ")).")
        }
        content = ScreenContent(title: "Welcome, \(displayName)!", body: body, allowsBack: false)
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {}
}
