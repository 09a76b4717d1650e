import Coordination

/// The base of app-shell coordinators: welcome as the root, the session's auth flow as a
/// child started from "Get started", and home once the account is ready, which ends the flow.
///
/// Shells differ in navigation structure only: where the auth flow's screens go
/// (`authPlacement`) and how home replaces what was on screen (`showHome(_:)`).
open class ShellCoordinator: Coordinator {
    /// The collaborators.
    public let services: OnboardingServices
    private let authFlow: AuthFlowFactory

    /// Creates a shell that shows its screens on `navigator` and starts auth flows from `authFlow`.
    public init(navigator: Navigator, services: OnboardingServices, authFlow: @escaping AuthFlowFactory) {
        self.services = services
        self.authFlow = authFlow
        super.init(navigator: navigator)
    }

    /// Where the auth flow's screens go.
    open var authPlacement: AuthFlowCoordinator.Placement { .pushed }

    /// Puts `home` on screen in place of welcome and the auth flow.
    open func showHome(_ home: any HomeScreen) {
        navigator.setRoot(home, owner: self)
    }

    override open func start() {
        let welcome = services.screens.makeWelcome()
        welcome.onGetStarted = { [unowned self] in startAuthFlow() }
        navigator.setRoot(welcome, owner: self)
    }

    private func startAuthFlow() {
        // A user who backed out of an auth flow left no child behind, so this starts exactly one.
        guard children.isEmpty else { return }
        let auth = authFlow(navigator, authPlacement)
        auth.onAccountReady = { [unowned self] account in
            showHome(services.screens.makeHome(for: account))
            finish()
        }
        startChild(auth)
    }
}
