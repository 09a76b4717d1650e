/// One walk through a flow, driven by the user's events as they come: the way into a flow for an
/// app whose UI delivers taps and swipes, for tests, and for `FlowRunner`'s turn-by-turn loop.
///
/// Creating a session does nothing visible; `start()` starts the root coordinator, which shows
/// its first screen. The driver then delivers what the user does on the visible screen with
/// `perform(_:fields:on:)`, `goBack()` or `abandon()`, and mirrors the navigator's stacks through
/// `onNavigationChange`. The flow ends when the root coordinator finishes or the user abandons;
/// `outcome` then says how, and `onEnd` is told once.
///
/// ```swift
/// let session = FlowSession(root: try app.makeRootCoordinator(for: selection, navigator: Navigator()))
/// session.onNavigationChange = { change in driver.mirror(change) }
/// session.onEnd = { outcome in driver.close(outcome) }
/// session.start()
/// try session.perform("create_account", fields: ["email": email, "password": password])
/// ```
///
/// A session is not thread-safe: use it from one isolation domain, such as the main actor in an
/// app, or one task in a simulation.
public final class FlowSession {
    /// The flow's root coordinator.
    public let root: Coordinator
    /// The root navigator the flow shows its screens on.
    public let navigator: Navigator
    /// How the flow ended; nil until it has.
    public private(set) var outcome: FlowOutcome?
    /// Told once, when the flow ends, how it did.
    public var onEnd: ((FlowOutcome) -> Void)?

    /// Whether each screen, when shown, gets its `ScreenSession` through `Screen.connect(to:)`.
    public let connectsScreens: Bool
    /// The observable navigation state, made when first asked for.
    private var observableNavigation: FlowNavigation?

    /// Creates a session for the flow rooted at `root`, which must not be started yet.
    ///
    /// - Parameters:
    ///   - root: the flow's root coordinator, not yet started.
    ///   - connectingScreens: hand each screen, when it is shown, its `ScreenSession` through
    ///     `Screen.connect(to:)`, so screens that deliver the user's actions themselves (an app's
    ///     view controllers) reach the session; headless drivers leave it off.
    public init(root: Coordinator, connectingScreens: Bool = false) {
        self.root = root
        navigator = root.navigator.root
        connectsScreens = connectingScreens
        if connectingScreens { listenToNavigation() }
    }

    /// The flow's navigation as observable state, for SwiftUI views and `withObservationTracking`;
    /// kept up to date from the moment it is first read.
    public var navigation: FlowNavigation {
        if let observableNavigation { return observableNavigation }
        let made = FlowNavigation(reading: navigator)
        if let outcome { made.end(outcome) }
        observableNavigation = made
        listenToNavigation()
        return made
    }

    /// Hears every change to the navigator's stacks; see `NavigationChange`.
    public var onNavigationChange: ((NavigationChange) -> Void)? {
        get { navigator.onChange }
        set { navigator.onChange = newValue }
    }

    /// Receives every flow signal, for logging; see `FlowSignal`.
    public var observer: ((FlowSignal) -> Void)? {
        get { navigator.observer }
        set { navigator.observer = newValue }
    }

    /// Whether the flow has started and not yet ended.
    public var isRunning: Bool { root.isRunning }

    /// The screen the user sees.
    public var visibleScreen: (any Screen)? { navigator.visibleScreen }

    /// Whether the user can go back from the visible screen (`Navigator.canGoBack`): false on the flow's root
    /// screen, even when its content allows back, and once the flow has ended. A driver offers back only when
    /// this is true.
    public var canGoBack: Bool { isRunning && navigator.canGoBack }

    /// Starts the root coordinator, which shows the first screen. Does nothing if already started.
    ///
    /// A root that shows no screen and does not finish at once leaves the user nowhere to act:
    /// the flow ends as abandoned.
    public func start() {
        guard root.phase == .ready else { return }
        root.startAsRoot()
        if root.isRunning, visibleScreen == nil { root.end(.abandoned) }
        noteEndIfOver()
    }

    /// Delivers the user's `action`, with the values they entered, on the visible screen.
    ///
    /// Fields left out keep their displayed value. The action is emitted as a signal, then handed
    /// to the screen, whose listener (a coordinator) reacts.
    /// - Parameters:
    ///   - action: the action the user chose, one of the visible screen's `content.actions`.
    ///   - fields: the values the user entered, by field.
    ///   - screen: the screen the user acted on, when the driver knows it; an action on a
    ///     screen that is no longer visible (a double tap during a transition) is refused.
    /// - Throws: `ScreenInputError` when the flow is not running, `screen` is not the visible
    ///   screen, or the screen refuses the action or its values; nothing happens then.
    public func perform(
        _ action: ScreenAction.ID,
        fields: [ScreenField.ID: String] = [:],
        on screen: (any Screen)? = nil
    ) throws(ScreenInputError) {
        try deliver(action, fields: fields, to: try visibleScreen(expecting: screen))
    }

    /// Performs `action` on `visible`, which the caller knows is the visible screen of the running flow.
    func deliver(_ action: ScreenAction.ID, fields: [ScreenField.ID: String], to visible: any Screen) throws(ScreenInputError) {
        let values = try visible.content.validate(action, fields: fields)
        navigator.emitAction(action, on: visible)
        visible.perform(action, fields: values)
        noteEndIfOver()
    }

    /// Performs the user's system back action: pops the visible screen or dismisses its modal,
    /// removing a child coordinator the user backed out of.
    ///
    /// - Throws: `ScreenInputError` when the flow is not running or back is unavailable here.
    public func goBack() throws(ScreenInputError) {
        guard root.isRunning else { throw .flowNotRunning }
        try navigator.goBack()
        noteEndIfOver()
    }

    /// Ends the flow as abandoned, as when the user closes it or the app is terminated; the whole
    /// coordinator tree ends. Does nothing if the flow is not running.
    public func abandon() {
        guard root.isRunning else { return }
        root.end(.abandoned)
        noteEndIfOver()
    }

    /// Installs the session's own navigation listener, which keeps `navigation` and connects screens.
    private func listenToNavigation() {
        navigator.sessionListener = { [weak self] change in self?.navigationChanged(change) }
    }

    private func navigationChanged(_ change: NavigationChange) {
        observableNavigation?.update(from: navigator)
        guard connectsScreens else { return }
        switch change {
        case .setRoot(let screen, _), .push(let screen, _):
            screen.connect(to: ScreenSession(session: self, screen: screen))
        case .present(let modal, _):
            if let screen = modal.screens.first { screen.connect(to: ScreenSession(session: self, screen: screen)) }
        case .pop, .dismiss:
            break
        }
    }

    private func visibleScreen(expecting expected: (any Screen)?) throws(ScreenInputError) -> any Screen {
        guard root.isRunning, let visible = visibleScreen else { throw .flowNotRunning }
        if let expected, expected !== visible { throw .screenNotVisible(screen: expected.name) }
        return visible
    }

    /// Records the outcome and tells `onEnd`, the first time the root is found ended.
    private func noteEndIfOver() {
        guard case .ended(let ending) = root.phase, outcome == nil else { return }
        let finalScreen = navigator.visibleScreen?.name
        let ended: FlowOutcome = ending == .finished ? .completed(screen: finalScreen) : .abandoned(screen: finalScreen)
        outcome = ended
        observableNavigation?.end(ended)
        let handler = onEnd
        onEnd = nil
        handler?(ended)
    }
}
