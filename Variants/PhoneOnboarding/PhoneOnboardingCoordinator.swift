import Coordination
import OnboardingApp

/// Shows welcome as the stack's root, pushes the auth flow onto the same stack, and replaces
/// the stack with home once the account is ready.
///
/// Because the auth flow shares this stack, the system back button can leave it; the
/// navigator then removes it from the tree, and "Get started" starts a fresh one.
final class PhoneOnboardingCoordinator: Coordinator {
    private let services: OnboardingServices
    private let authFlow: AuthFlowFactory

    init(navigator: Navigator, services: OnboardingServices, authFlow: @escaping AuthFlowFactory) {
        self.services = services
        self.authFlow = authFlow
        super.init(navigator: navigator)
    }

    override func start() {
        let welcome = services.screens.makeWelcome()
        welcome.onGetStarted = { [unowned self] in startAuthFlow() }
        navigator.setRoot(welcome, owner: self)
    }

    private func startAuthFlow() {
        guard children.isEmpty else { return }
        let auth = authFlow(navigator, .pushed)
        auth.onAccountReady = { [unowned self] account in showHome(for: account) }
        startChild(auth)
    }

    private func showHome(for account: Account) {
        navigator.setRoot(services.screens.makeHome(for: account), owner: self)
        finish()
    }
}
