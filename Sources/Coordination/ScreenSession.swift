/// A screen's way to deliver what the user did on it to the session showing it.
///
/// A session made with `FlowSession(root:connectingScreens: true)` hands each screen its
/// `ScreenSession` through `Screen.connect(to:)` when the screen is shown, so a view controller
/// reaches its session without a global or a reference passed through the app's screen factory:
///
/// ```swift
/// final class SignupViewController: UIViewController, SignupScreen {
///     private var session: ScreenSession?
///     func connect(to session: ScreenSession) { self.session = session }
///
///     @objc private func createAccountTapped() {
///         try? session?.perform("create_account", fields: ["email": emailField.text ?? ""])
///     }
/// }
/// ```
///
/// It holds the session and the screen weakly: keeping it creates no reference cycle.
public struct ScreenSession {
    private weak var session: FlowSession?
    private weak var screen: (any Screen)?

    init(session: FlowSession, screen: any Screen) {
        self.session = session
        self.screen = screen
    }

    /// Delivers the user's `action` on this screen, with the values they entered.
    ///
    /// - Throws: `ScreenInputError` when the flow is over, this screen is no longer the visible one
    ///   (a tap during a transition), or the screen's content refuses the action or its values.
    public func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String] = [:]) throws(ScreenInputError) {
        guard let session, let screen else { throw .flowNotRunning }
        try session.perform(action, fields: fields, on: screen)
    }

    /// Performs the system back action from this screen, which must be the visible one.
    ///
    /// - Throws: `ScreenInputError` when the flow is over, this screen is not visible, or back is
    ///   unavailable here.
    public func goBack() throws(ScreenInputError) {
        guard let session, let screen else { throw .flowNotRunning }
        guard session.visibleScreen === screen else { throw .screenNotVisible(screen: screen.name) }
        try session.goBack()
    }

    /// Ends the flow as abandoned (the user closed it); does nothing if it is already over.
    public func abandon() {
        session?.abandon()
    }
}
