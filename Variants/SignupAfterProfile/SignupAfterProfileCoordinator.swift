import Coordination
import OnboardingApp

/// Profile first: the profile is checked by the service and kept as a draft in the
/// coordinator, and the account is created, with that profile, only when signup is submitted. Back from signup returns to the
/// profile form with the draft still filled in.
final class SignupAfterProfileCoordinator: AuthFlowCoordinator {
    override func start() {
        let profile = services.screens.makeProfile(draft: nil, allowsBack: true)
        profile.onSave = { [unowned self, unowned profile] draft in
            guard checkDraft(draft, errorsOn: profile) else { return }
            showSignup(with: draft)
        }
        show(profile)
    }

    private func showSignup(with draft: Profile) {
        let signup = services.screens.makeSignup(email: "")
        signup.onSubmit = { [unowned self, unowned signup] credentials in
            guard let account = createAccount(credentials, profile: draft, errorsOn: signup) else { return }
            complete(with: account)
        }
        show(signup)
    }
}
