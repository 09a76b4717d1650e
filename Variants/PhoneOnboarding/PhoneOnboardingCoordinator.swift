import Coordination
import OnboardingApp

/// One push stack: the auth flow is pushed onto the stack above welcome, and home replaces the
/// whole stack once the account is ready.
///
/// Because the auth flow shares this stack, the system back button can leave it; the
/// navigator then removes it from the tree, and "Get started" starts a fresh one.
final class PhoneOnboardingCoordinator: ShellCoordinator {
    override var authPlacement: AuthFlowCoordinator.Placement { .pushed }
}
