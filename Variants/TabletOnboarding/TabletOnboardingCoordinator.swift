import Coordination
import OnboardingApp

/// Welcome stays on screen while the auth flow runs in a modal sheet over it; on success home
/// becomes the root beneath the sheet, and the sheet is dismissed.
///
/// Swiping the sheet down (back on its first screen) dismisses it; the navigator then removes
/// the auth flow from the tree.
final class TabletOnboardingCoordinator: ShellCoordinator {
    override var authPlacement: AuthFlowCoordinator.Placement { .presentedModally }

    override func showHome(_ home: any HomeScreen) {
        // Home goes under the sheet first, so dismissing reveals it without flashing welcome.
        navigator.setRoot(home, owner: self)
        navigator.dismiss()
    }
}
