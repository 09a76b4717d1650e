import Coordination

/// The signup screen as a form: `email` and `password` fields and a `create_account` action.
final class SignupForm: SignupScreen {
    var errorMessage: String?
    var onSubmit: ((Credentials) -> Void)?
    private var email: String

    let name = "signup"

    init(email: String) {
        self.email = email
    }

    var content: ScreenContent {
        ScreenContent(
            title: "Create your account",
            error: errorMessage,
            fields: [
                ScreenField(id: "email", label: "Email", kind: .email, value: email),
                ScreenField(id: "password", label: "Password", kind: .password),
            ],
            actions: [ScreenAction(id: "create_account", title: "Create account", submitsForm: true)]
        )
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        guard action == "create_account" else { return }
        email = fields["email"] ?? email
        onSubmit?(Credentials(email: email, password: fields["password"] ?? ""))
    }
}
