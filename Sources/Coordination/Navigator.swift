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
        private let ownerReference: CoordinatorReference
        let ownerName: String
        let ownerOrigin: String?

        /// The coordinator that showed the screen, if it is still alive.
        var owner: Coordinator? { ownerReference.coordinator }

        init(screen: any Screen, owner: Coordinator) {
            self.screen = screen
            ownerReference = owner.reference
            ownerName = owner.name
            ownerOrigin = owner.origin
        }
    }

    // The navigator's state is read and changed only by its own methods, each access ending before
    // any call out (to an observer, a screen or a coordinator), so accesses never overlap; a
    // simulation makes millions of them, and checking that at run time would cost more than them.
    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var records: [NavigationRecord] = []
    @exclusivity(unchecked) private var lastVisibleScreen: (any Screen)?

    /// The modal navigator this one presents, if any.
    @exclusivity(unchecked) public private(set) var presented: Navigator?
    /// The navigator that presents this one, if it is modal.
    ///
    /// Not `weak`, whose side table would slow every reference count of the navigator: a
    /// presenter keeps its modal alive, and dismissing the modal, or freeing the presenter, clears it.
    @exclusivity(unchecked) public private(set) unowned(unsafe) var presenter: Navigator?
    /// Receives every signal of the flow this navigator hosts; set it on the root navigator.
    public var observer: ((FlowSignal) -> Void)?
    /// Hears every change to the stacks of this navigator's modal chain, for drivers that mirror
    /// them on a real UI; set it on the root navigator.
    public var onChange: ((NavigationChange) -> Void)?

    /// Creates an empty navigator.
    public init() {}

    deinit {
        presented?.presenter = nil
    }

    /// The screens of this navigator's own stack, bottom first.
    public var screens: [any Screen] { entries.map(\.screen) }

    /// The names of this navigator's own screens, bottom first.
    public var screenNames: [String] { entries.map(\.screen.name) }

    /// The navigator at the bottom of the modal chain.
    public var root: Navigator { presenter?.root ?? self }

    /// The navigator whose stack is on top: the last presented modal, or this one.
    public var topmost: Navigator { presented?.topmost ?? self }

    /// The screen the user sees: the top of the topmost stack.
    public var visibleScreen: (any Screen)? { root.topmost.entries.last?.screen }

    /// Everything the navigators of this modal chain did, oldest first.
    public var transcript: [NavigationRecord] { root.records }

    /// Replaces this navigator's stack with `screen`.
    public func setRoot(_ screen: any Screen, owner: Coordinator) {
        entries = [Entry(screen: screen, owner: owner)]
        let root = root
        root.records.append(.setRoot(screen.name))
        root.onChange?(.setRoot(screen, on: self))
        root.visibleScreenMayHaveChanged()
    }

    /// Pushes `screen` on this navigator's stack.
    public func push(_ screen: any Screen, owner: Coordinator) {
        entries.append(Entry(screen: screen, owner: owner))
        let root = root
        root.records.append(.push(screen.name))
        root.onChange?(.push(screen, on: self))
        root.visibleScreenMayHaveChanged()
    }

    /// Pops the top screen, keeping the bottom one; returns the popped screen.
    @discardableResult
    public func pop() -> (any Screen)? {
        guard entries.count > 1, let popped = entries.popLast() else { return nil }
        let root = root
        root.records.append(.pop(popped.screen.name))
        root.onChange?(.pop([popped.screen], from: self, byUser: false))
        root.visibleScreenMayHaveChanged()
        return popped.screen
    }

    /// Pops every screen above the bottom one.
    public func popToRoot() {
        guard entries.count > 1 else { return }
        let popped = entries[1...].map(\.screen)
        entries.removeSubrange(1...)
        let root = root
        root.records.append(.popToRoot(popped: popped.map(\.name)))
        root.onChange?(.pop(popped, from: self, byUser: false))
        root.visibleScreenMayHaveChanged()
    }

    /// Presents `screen` modally in a new stack of its own and returns that stack's navigator.
    ///
    /// A modal already presented by this navigator is dismissed first.
    @discardableResult
    public func present(_ screen: any Screen, owner: Coordinator) -> Navigator {
        if presented != nil { dismiss() }
        let modal = Navigator()
        modal.presenter = self
        modal.entries = [Entry(screen: screen, owner: owner)]
        presented = modal
        let root = root
        root.records.append(.present(screen.name))
        root.onChange?(.present(modal, over: self))
        root.visibleScreenMayHaveChanged()
        return modal
    }

    /// Dismisses the modal this navigator presents, and any modal that one presents.
    public func dismiss() {
        guard let modal = presented else { return }
        let removed = modal.allEntries.map(\.screen.name)
        modal.presented = nil
        modal.presenter = nil
        presented = nil
        let root = root
        root.records.append(.dismiss(removed))
        root.onChange?(.dismiss(modal, from: self, byUser: false))
        root.visibleScreenMayHaveChanged()
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
        guard let leaving = top.entries.last else { return }
        guard leaving.screen.content.allowsBack, top.entries.count > 1 || top.presenter != nil else {
            throw .backUnavailable(screen: leaving.screen.name)
        }
        let removed: [Entry]
        let revealed: (any Screen)?
        if top.entries.count > 1 {
            removed = [leaving]
            revealed = top.entries[top.entries.count - 2].screen
        } else {
            removed = top.entries
            revealed = top.presenter?.entries.last?.screen
        }
        root.emit(FlowSignal(
            kind: .back(from: leaving.screen.name, to: revealed?.name),
            coordinator: leaving.ownerName,
            origin: leaving.ownerOrigin
        ))
        root.records.append(.back(leaving.screen.name))
        if top.entries.count > 1 {
            top.entries.removeLast()
            root.onChange?(.pop([leaving.screen], from: top, byUser: true))
        } else if let presenter = top.presenter {
            top.presenter = nil
            presenter.presented = nil
            root.onChange?(.dismiss(top, from: presenter, byUser: true))
        }
        root.visibleScreenMayHaveChanged()
        root.removeCoordinatorsWithoutScreens(startingAt: removed.compactMap(\.owner))
    }

    /// The coordinator that showed `screen`, if it is on a stack of this chain and still alive.
    public func owner(of screen: any Screen) -> Coordinator? {
        root.entry(showing: screen)?.owner
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
            origin: entry.ownerOrigin
        ))
    }

    private func visibleScreenMayHaveChanged() {
        guard let entry = topmost.entries.last else {
            lastVisibleScreen = nil
            return
        }
        guard entry.screen !== lastVisibleScreen else { return }
        lastVisibleScreen = entry.screen
        emit(FlowSignal(
            kind: .screenShown(screen: entry.screen.name),
            coordinator: entry.ownerName,
            origin: entry.ownerOrigin
        ))
    }

    /// The first entry showing `screen` on this navigator's stack or a modal above it.
    private func entry(showing screen: any Screen) -> Entry? {
        var navigator: Navigator? = self
        while let current = navigator {
            if let entry = current.entries.first(where: { $0.screen === screen }) { return entry }
            navigator = current.presented
        }
        return nil
    }

    // MARK: Back-navigation cleanup

    /// Every entry of this navigator and the modals above it, bottom first.
    private var allEntries: [Entry] {
        entries + (presented?.allEntries ?? [])
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
