import Coordination

/// The signup screen as a form: `email` and `password` fields and a `create_account` action.
final class SignupForm: SignupScreen {
    var errorMessage: String? {
        didSet { content.error = errorMessage }
    }
    var onSubmit: ((Credentials) -> Void)?

    let name = "signup"
    private(set) var content: ScreenContent

    init(email: String) {
        content = ScreenContent(
            title: "Create your account",
            fields: [
                ScreenField(id: "email", label: "Email", kind: .email, value: email),
                ScreenField(id: "password", label: "Password", kind: .password),
            ],
            actions: [ScreenAction(id: "create_account", title: "Create account", submitsForm: true)]
        )
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        guard action == "create_account" else { return }
        let email = fields["email"] ?? content.fields[0].value
        content.fields[0].value = email
        onSubmit?(Credentials(email: email, password: fields["password"] ?? ""))
    }
}
