/// A change a navigator chain made to what is on screen, with the screens and stacks involved:
/// what a driver needs to mirror the headless navigation on a real UI (a `UINavigationController`
/// per `Navigator`, say).
///
/// Set `Navigator.onChange` on the root navigator, or `FlowSession.onNavigationChange`, to hear
/// every change as it happens, before the newly visible screen's `screenShown` signal.
public enum NavigationChange {
    /// `navigator`'s stack was replaced by `screen` alone.
    case setRoot(any Screen, on: Navigator)
    /// `screen` was pushed onto `navigator`'s stack.
    case push(any Screen, on: Navigator)
    /// `screens` were taken off the top of `navigator`'s stack, bottom first. `byUser` when the
    /// user's system back did it (the UI may have animated it already), not a coordinator.
    case pop([any Screen], from: Navigator, byUser: Bool)
    /// `modal`, a new stack showing its first screen, was presented over `presenter`.
    case present(Navigator, over: Navigator)
    /// `modal`, with any modal it presented, was dismissed from over `presenter`. `byUser` when the
    /// user's system back (a swipe down) did it, not a coordinator.
    case dismiss(Navigator, from: Navigator, byUser: Bool)
}
