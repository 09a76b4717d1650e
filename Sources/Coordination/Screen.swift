/// An inert piece of UI: it shows data and reports what the user did, nothing more.
///
/// A screen never creates, configures or presents another screen and never writes data.
/// Apps declare typed screen protocols refining `Screen` (a signup screen with an
/// `onSubmit` output, say); their coordinators talk to those. `Screen` itself is the
/// app-independent face every driver sees: the terminal renders `content` as text, a
/// simulated or scripted user picks an action from it, and `perform` reports the choice.
public protocol Screen: AnyObject {
    /// A stable name for logs and reports, such as `"signup"`.
    var name: String { get }
    /// What the screen currently shows: title, text, error, fields and actions.
    var content: ScreenContent { get }
    /// Reports that the user chose `action` with the given field values to whoever listens.
    ///
    /// Drivers call this only with input that `content.validate(_:fields:)` accepted.
    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String])
    /// Receives the handle through which the screen delivers the user's actions itself, when a
    /// session made with `connectingScreens` shows it; the default does nothing.
    func connect(to session: ScreenSession)
}

extension Screen {
    /// Does nothing: a screen whose actions a driver delivers needs no handle.
    public func connect(to session: ScreenSession) {}
}
