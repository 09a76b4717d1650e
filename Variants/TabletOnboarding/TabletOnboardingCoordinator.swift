import Coordination
import OnboardingApp

/// Shows welcome as the root, presents the auth flow in a modal sheet over it, and on
/// success makes home the root beneath the sheet and dismisses the sheet.
///
/// Swiping the sheet down (back on its first screen) dismisses it; the navigator then
/// removes the auth flow from the tree.
final class TabletOnboardingCoordinator: Coordinator {
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
        let auth = authFlow(navigator, .presentedModally)
        auth.onAccountReady = { [unowned self] account in showHome(for: account) }
        startChild(auth)
    }

    private func showHome(for account: Account) {
        // Home goes under the sheet first, so dismissing reveals it without flashing welcome.
        navigator.setRoot(services.screens.makeHome(for: account), owner: self)
        navigator.dismiss()
        finish()
    }
}
