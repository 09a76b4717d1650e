/// A headless navigation controller: a stack of screens, modal presentation, and a transcript.
///
/// It stands in for `UINavigationController` and friends. Coordinators drive it; drivers read
/// `visibleScreen` and report the user's back action with `goBack()`. Every screen records the
/// coordinator that showed it, which is how a user going back out of a child coordinator's
/// screens removes that child from the tree. A presented modal is a `Navigator` of its own.
public final class Navigator {
    /// A screen on a stack and the coordinator that showed it, which the entry does not keep alive.
    private final class Entry {
        let screen: any Screen
        private let ownerStorage: UncheckedStorage<Coordinator.TreeState>
        let ownerName: String
        let ownerVariant: String?

        /// The coordinator that showed the screen, if it is still alive.
        var owner: Coordinator? { ownerStorage.state.coordinator.target }

        init(screen: any Screen, owner: Coordinator) {
            self.screen = screen
            ownerStorage = owner.storage
            ownerName = owner.name
            ownerVariant = owner.variant
        }
    }

    // The navigator's state, read and changed only by its own methods, each access ending before any
    // call out (to an observer, a screen or a coordinator). It is exempt from run-time exclusivity
    // checks in release builds for the reasons `UncheckedStorage` gives, but kept in the navigator
    // itself rather than in one: a simulation creates a navigator per session, and a second object
    // for each cost more than the checks it saves. Debug builds check every access.
    #if DEBUG
    private var state = StackState()
    #else
    @exclusivity(unchecked) private var state = StackState()
    #endif

    private struct StackState {
        var entries: [Entry] = []
        var records: [NavigationRecord] = []
        var lastVisibleScreen: (any Screen)?
        var presented: Navigator?
        /// Not `weak`: a presenter keeps its modal alive, and dismissing the modal, or freeing the
        /// presenter, clears it.
        var presenter = BackReference<Navigator>(nil)
        // The handlers, kept here, where reading them for every signal and change is not checked
        // at run time; each is read into a local before it is called.
        var observer: ((FlowSignal) -> Void)?
        var onChange: ((NavigationChange) -> Void)?
        /// The session's own listener, which keeps `FlowSession.navigation` and connects screens.
        var sessionListener: ((NavigationChange) -> Void)?
        /// Whether the root adds to `records`: a simulation, which never reads the transcript, does not.
        var keepsTranscript = true
    }

    /// The modal navigator this one presents, if any.
    public var presented: Navigator? { state.presented }
    /// The navigator that presents this one, if it is modal.
    public var presenter: Navigator? { state.presenter.target }
    /// Receives every signal of the flow this navigator hosts; set it on the root navigator.
    public var observer: ((FlowSignal) -> Void)? {
        get { state.observer }
        set { state.observer = newValue }
    }
    /// Hears every change to the stacks of this navigator's modal chain, for drivers that mirror
    /// them on a real UI; set it on the root navigator.
    public var onChange: ((NavigationChange) -> Void)? {
        get { state.onChange }
        set { state.onChange = newValue }
    }

    /// The listener of the session running on this root navigator, heard before `onChange`.
    var sessionListener: ((NavigationChange) -> Void)? {
        get { state.sessionListener }
        set { state.sessionListener = newValue }
    }

    /// Creates an empty navigator.
    public init() {}

    /// Creates an empty navigator that, as the root of a modal chain, keeps a transcript only if
    /// `keepsTranscript`: a host that never reads it is spared an array and a record per change.
    package init(keepsTranscript: Bool) {
        state.keepsTranscript = keepsTranscript
    }

    deinit {
        presented?.state.presenter = BackReference(nil)
    }

    /// The screens of this navigator's own stack, bottom first.
    public var screens: [any Screen] { state.entries.map(\.screen) }

    /// The names of this navigator's own screens, bottom first.
    public var screenNames: [String] { state.entries.map(\.screen.name) }

    /// The navigator at the bottom of the modal chain.
    public var root: Navigator {
        var navigator = self
        while let presenter = navigator.state.presenter.target { navigator = presenter }
        return navigator
    }

    /// The navigator whose stack is on top: the last presented modal, or this one.
    public var topmost: Navigator {
        var navigator = self
        while let presented = navigator.state.presented { navigator = presented }
        return navigator
    }

    /// The screen the user sees: the top of the topmost stack.
    public var visibleScreen: (any Screen)? { root.topmost.state.entries.last?.screen }

    /// Everything the navigators of this modal chain did, oldest first (nothing for a root made
    /// with `init(keepsTranscript: false)`).
    public var transcript: [NavigationRecord] { root.state.records }

    /// Replaces this navigator's stack with `screen`.
    public func setRoot(_ screen: any Screen, owner: Coordinator) {
        let entry = Entry(screen: screen, owner: owner)
        // The stack keeps its storage: flows replace and push screens on it all the time.
        state.entries.removeAll(keepingCapacity: true)
        appendEntry(entry)
        let root = root
        root.appendRecord(.setRoot(screen.name))
        root.announce(.setRoot(screen, on: self))
        root.visibleScreenMayHaveChanged()
    }

    /// Pushes `screen` on this navigator's stack.
    public func push(_ screen: any Screen, owner: Coordinator) {
        appendEntry(Entry(screen: screen, owner: owner))
        let root = root
        root.appendRecord(.push(screen.name))
        root.announce(.push(screen, on: self))
        root.visibleScreenMayHaveChanged()
    }

    /// Pops the top screen, keeping the bottom one; returns the popped screen.
    @discardableResult
    public func pop() -> (any Screen)? {
        guard state.entries.count > 1, let popped = state.entries.popLast() else { return nil }
        let root = root
        root.appendRecord(.pop(popped.screen.name))
        root.announce(.pop([popped.screen], from: self, byUser: false))
        root.visibleScreenMayHaveChanged()
        return popped.screen
    }

    /// Pops every screen above the bottom one.
    public func popToRoot() {
        guard state.entries.count > 1 else { return }
        let popped = state.entries[1...].map(\.screen)
        state.entries.removeSubrange(1...)
        let root = root
        root.appendRecord(.popToRoot(popped: popped.map(\.name)))
        root.announce(.pop(popped, from: self, byUser: false))
        root.visibleScreenMayHaveChanged()
    }

    /// Presents `screen` modally in a new stack of its own and returns that stack's navigator.
    ///
    /// A modal already presented by this navigator is dismissed first.
    @discardableResult
    public func present(_ screen: any Screen, owner: Coordinator) -> Navigator {
        if presented != nil { dismiss() }
        let modal = Navigator()
        modal.state.presenter = BackReference(self)
        modal.appendEntry(Entry(screen: screen, owner: owner))
        state.presented = modal
        let root = root
        root.appendRecord(.present(screen.name))
        root.announce(.present(modal, over: self))
        root.visibleScreenMayHaveChanged()
        return modal
    }

    /// Dismisses the modal this navigator presents, and any modal that one presents.
    public func dismiss() {
        guard let modal = presented else { return }
        let removed = modal.allEntries.map(\.screen.name)
        modal.state.presented = nil
        modal.state.presenter = BackReference(nil)
        state.presented = nil
        let root = root
        root.appendRecord(.dismiss(removed))
        root.announce(.dismiss(modal, from: self, byUser: false))
        root.visibleScreenMayHaveChanged()
    }

    /// Whether the user's system back action is available: the visible screen allows it (`ScreenContent.allowsBack`)
    /// and there is somewhere to go back to, a screen below it on its stack or the screen that presented its modal.
    /// False on the flow's root screen, whatever its content says: a driver offers back only when this is true.
    public var canGoBack: Bool {
        let top = root.topmost
        guard let visible = top.state.entries.last else { return false }
        return visible.screen.content.allowsBack && (top.state.entries.count > 1 || top.presenter != nil)
    }

    /// Performs the user's system back action on the topmost stack.
    ///
    /// Pops the visible screen, or dismisses a modal showing a single screen (a swipe down).
    /// A coordinator left with no screen on any stack is removed from the coordinator tree,
    /// with its parent told `.navigatedBack`: the system back bypasses the coordinator's own
    /// buttons, so this is where a backed-out child is cleaned up.
    /// - Throws: `ScreenInputError.backUnavailable` on a root screen or where the screen forbids it.
    public func goBack() throws(ScreenInputError) {
        let top = root.topmost
        guard let leaving = top.state.entries.last else { return }
        guard canGoBack else { throw .backUnavailable(screen: leaving.screen.name) }
        let removed: [Entry]
        let revealed: (any Screen)?
        if top.state.entries.count > 1 {
            removed = [leaving]
            revealed = top.state.entries[top.state.entries.count - 2].screen
        } else {
            removed = top.state.entries
            revealed = top.presenter?.state.entries.last?.screen
        }
        root.emit(FlowSignal(
            kind: .back(from: leaving.screen.name, to: revealed?.name),
            coordinator: leaving.ownerName,
            variant: leaving.ownerVariant
        ))
        root.appendRecord(.back(leaving.screen.name))
        if top.state.entries.count > 1 {
            top.state.entries.removeLast()
            root.announce(.pop([leaving.screen], from: top, byUser: true))
        } else if let presenter = top.presenter {
            top.state.presenter = BackReference(nil)
            presenter.state.presented = nil
            root.announce(.dismiss(top, from: presenter, byUser: true))
        }
        root.visibleScreenMayHaveChanged()
        root.removeCoordinatorsWithoutScreens(startingAt: removed.compactMap(\.owner))
    }

    /// The coordinator that showed `screen`, if it is on a stack of this chain and still alive.
    package func owner(of screen: any Screen) -> Coordinator? {
        root.entry(showing: screen)?.owner
    }

    /// Pushes `entry` on this navigator's own stack, making room for a few at once the first time.
    private func appendEntry(_ entry: Entry) {
        if state.entries.capacity == 0 { state.entries.reserveCapacity(4) }
        state.entries.append(entry)
    }

    /// Adds `record` to the transcript, which a flow fills with a handful: room for them is made
    /// at once rather than by growing the array step by step.
    private func appendRecord(_ record: NavigationRecord) {
        guard state.keepsTranscript else { return }
        if state.records.capacity == 0 { state.records.reserveCapacity(16) }
        state.records.append(record)
    }

    /// Tells the session's listener, then the driver's `onChange`, about `change`; made only if one listens.
    private func announce(_ change: @autoclosure () -> NavigationChange) {
        let session = state.sessionListener
        let driver = state.onChange
        guard session != nil || driver != nil else { return }
        let change = change()
        session?(change)
        driver?(change)
    }

    // MARK: Signals

    func emit(_ signal: FlowSignal) {
        root.observer?(signal)
    }

    func emitAction(_ action: ScreenAction.ID, on screen: any Screen) {
        guard let entry = root.entry(showing: screen) else { return }
        emit(FlowSignal(
            kind: .action(screen: screen.name, action: action),
            coordinator: entry.ownerName,
            variant: entry.ownerVariant
        ))
    }

    private func visibleScreenMayHaveChanged() {
        guard let entry = topmost.state.entries.last else {
            state.lastVisibleScreen = nil
            return
        }
        guard entry.screen !== state.lastVisibleScreen else { return }
        state.lastVisibleScreen = entry.screen
        emit(FlowSignal(
            kind: .screenShown(screen: entry.screen.name),
            coordinator: entry.ownerName,
            variant: entry.ownerVariant
        ))
    }

    /// The first entry showing `screen` on this navigator's stack or a modal above it.
    private func entry(showing screen: any Screen) -> Entry? {
        var navigator: Navigator? = self
        while let current = navigator {
            if let entry = current.state.entries.first(where: { $0.screen === screen }) { return entry }
            navigator = current.presented
        }
        return nil
    }

    // MARK: Back-navigation cleanup

    /// Every entry of this navigator and the modals above it, bottom first.
    private var allEntries: [Entry] {
        state.entries + (presented?.allEntries ?? [])
    }

    private func removeCoordinatorsWithoutScreens(startingAt owners: [Coordinator]) {
        var candidates = owners
        while let candidate = candidates.popLast() {
            guard candidate.isRunning, let parent = candidate.parent, !hasScreen(ownedByTreeOf: candidate) else {
                continue
            }
            candidate.end(.navigatedBack)
            candidates.append(parent)
        }
    }

    private func hasScreen(ownedByTreeOf coordinator: Coordinator) -> Bool {
        allEntries.contains { entry in
            var node = entry.owner
            while let current = node {
                if current === coordinator { return true }
                node = current.parent
            }
            return false
        }
    }
}
