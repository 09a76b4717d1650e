import Coordination

/// The base of auth-flow coordinators: runs signup and profile in some order and hands the
/// ready account to its parent.
///
/// Where its screens go is the parent's decision (`Placement`): pushed onto the parent's
/// stack, or presented modally in a stack of their own. The subclass only calls `show(_:)`.
open class AuthFlowCoordinator: Coordinator {
    /// Where an auth flow shows its screens.
    public enum Placement: Sendable, Hashable {
        /// On the parent's navigation stack.
        case pushed
        /// In a modal stack presented from the parent's.
        case presentedModally
    }

    /// Reports the account once signup and profile are done; the coordinator has finished.
    public var onAccountReady: ((Account) -> Void)?
    /// The collaborators.
    public let services: OnboardingServices
    /// Where the screens go.
    public let placement: Placement
    private var flowNavigator: Navigator?

    /// Creates an auth flow showing its screens on, or presented from, `navigator`.
    public init(navigator: Navigator, services: OnboardingServices, placement: Placement) {
        self.services = services
        self.placement = placement
        super.init(navigator: navigator)
    }

    /// Shows `screen` as the next step of the flow.
    public final func show(_ screen: any Screen) {
        if let flowNavigator {
            flowNavigator.push(screen, owner: self)
            return
        }
        switch placement {
        case .pushed:
            navigator.push(screen, owner: self)
            flowNavigator = navigator
        case .presentedModally:
            flowNavigator = navigator.present(screen, owner: self)
        }
    }

    /// Finishes the flow and hands `account` to the parent.
    public final func complete(with account: Account) {
        let handler = onAccountReady
        finish()
        handler?(account)
    }

    /// Creates an account, recording the outcome; on failure shows the error on `screen`.
    public final func createAccount(
        _ credentials: Credentials,
        profile: Profile?,
        errorsOn screen: any SignupScreen
    ) -> Account? {
        perform("create_account", errorsOn: { screen.errorMessage = $0 }) { () throws(AccountError) in
            try services.accounts.createAccount(with: credentials, profile: profile)
        }
    }

    /// Saves `profile` to `account`, recording the outcome; on failure shows the error on `screen`.
    public final func updateProfile(
        _ profile: Profile,
        of account: Account,
        errorsOn screen: any ProfileScreen
    ) -> Account? {
        perform("update_profile", errorsOn: { screen.errorMessage = $0 }) { () throws(AccountError) in
            try services.accounts.updateProfile(profile, of: account)
        }
    }

    /// Asks the service whether `profile` is acceptable, without saving it; on refusal shows
    /// the error on `screen`. Not a model change, so nothing is recorded.
    public final func checkDraft(_ profile: Profile, errorsOn screen: any ProfileScreen) -> Bool {
        do {
            try services.accounts.validateProfile(profile)
            screen.errorMessage = nil
            return true
        } catch {
            screen.errorMessage = error.message
            return false
        }
    }

    private func perform(
        _ operation: String,
        errorsOn showError: (String?) -> Void,
        _ mutation: () throws(AccountError) -> Account
    ) -> Account? {
        do {
            let account = try mutation()
            recordMutation(operation, outcome: .succeeded)
            showError(nil)
            return account
        } catch {
            recordMutation(operation, outcome: .failed(reason: error.code))
            showError(error.message)
            return nil
        }
    }
}
