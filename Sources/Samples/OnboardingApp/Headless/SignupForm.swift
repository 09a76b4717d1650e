import Coordination

/// The signup screen as a form: `email` and `password` fields and a `create_account` action.
final class SignupForm: SignupScreen {
    var errorMessage: String? {
        didSet { content.error = errorMessage }
    }
    var onSubmit: ((Credentials) -> Void)?

    let name = "signup"
    /// Rebuilt only when what it shows changes: drivers read it on every turn.
    private(set) var content: ScreenContent

    /// The empty form, built once; each screen shares its storage until it changes.
    private static let emptyForm = ScreenContent(
        title: "Create your account",
        fields: [
            ScreenField(id: "email", label: "Email", kind: .email),
            ScreenField(id: "password", label: "Password", kind: .password),
        ],
        actions: [ScreenAction(id: "create_account", title: "Create account", submitsForm: true)]
    )

    init(email: String) {
        content = Self.emptyForm
        if !email.isEmpty { content.fields[0].value = email }
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        guard action == "create_account" else { return }
        let email = fields["email"] ?? content.fields[0].value
        if email != content.fields[0].value { content.fields[0].value = email }
        onSubmit?(Credentials(email: email, password: fields["password"] ?? ""))
    }
}
