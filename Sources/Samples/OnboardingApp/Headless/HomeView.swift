import Coordination

/// The home screen: a greeting, and nothing to do yet.
final class HomeView: HomeScreen {
    let name = "home"
    /// Built when first read: a flow usually ends as home appears, before anyone looks.
    private(set) lazy var content: ScreenContent = {
        let displayName = account.profile?.displayName ?? account.email
        var body = ["Signed in as \(account.email)."]
        if let interests = account.profile?.interests, !interests.isEmpty {
            body.append("Interests: \(interests.joined(separator: ", ")).")
        }
        return ScreenContent(title: "Welcome, \(displayName)!", body: body, allowsBack: false)
    }()
    private let account: Account

    init(account: Account) {
        self.account = account
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {}
}
