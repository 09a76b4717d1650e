import Coordination
import OnboardingApp

/// Signup first: the account is created when the signup form is submitted, then the profile
/// step updates it. Once the account exists, the profile screen hides back, since going back
/// would mean signing up again.
final class SignupBeforeProfileCoordinator: AuthFlowCoordinator {
    override func start() {
        let signup = services.screens.makeSignup(email: "")
        signup.onSubmit = { [unowned self, unowned signup] credentials in
            guard let account = createAccount(credentials, profile: nil, errorsOn: signup) else { return }
            showProfile(for: account)
        }
        show(signup)
    }

    private func showProfile(for account: Account) {
        let profile = services.screens.makeProfile(draft: nil, allowsBack: false)
        profile.onSave = { [unowned self, unowned profile] details in
            guard let updated = updateProfile(details, of: account, errorsOn: profile) else { return }
            complete(with: updated)
        }
        show(profile)
    }
}
