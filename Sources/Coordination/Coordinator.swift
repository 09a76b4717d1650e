/// Owns a piece of flow: creates screens, hears what the user did, changes the model through
/// collaborators and decides what comes next.
///
/// Coordinators form a tree. A parent starts a child with `startChild(_:onEnd:)`, which keeps
/// the child alive until it calls `finish()`, the user navigates back out of its screens, or
/// the flow is abandoned; the parent is then told through `onEnd` and the child leaves the
/// tree. Creating a coordinator does nothing visible: work begins in `start()`.
///
/// Subclass and override `start()` to show the first screen:
///
/// ```swift
/// final class WelcomeCoordinator: Coordinator {
///     override func start() {
///         let screen = screens.makeWelcome()
///         screen.onGetStarted = { [unowned self] in startChild(makeAuth()) }
///         navigator.setRoot(screen, owner: self)
///     }
/// }
/// ```
open class Coordinator {
    /// Where a coordinator is in its life.
    public enum Phase: Sendable, Hashable {
        /// Created, not started.
        case ready
        /// Started and in the tree.
        case running
        /// Left the tree, for this reason.
        case ended(ChildEnding)
    }

    /// The navigator this coordinator shows its screens on.
    public let navigator: Navigator
    /// A name for logs, by default the type's name.
    public let name: String
    /// The id of the variant this coordinator implements, carried by every signal it emits, so
    /// each event is attributed to its variant. A child without one takes its parent's when
    /// started. Coordination does not interpret it.
    public var variant: String? {
        get { storage.state.variant }
        set { storage.state.variant = newValue }
    }
    /// The coordinator that started this one; nil for a root, and once this one left the tree.
    public var parent: Coordinator? { storage.state.parent.target }
    /// The running children, in the order they were started.
    public var children: [Coordinator] { storage.state.children }
    /// Where this coordinator is in its life.
    public var phase: Phase { storage.state.phase }

    /// The tree's state, changed only by this class's own methods; see `UncheckedStorage` for why
    /// it is kept there and what debug builds check. The navigator's entries hold it too, to find
    /// the coordinator that showed a screen without keeping it alive (`TreeState.coordinator`).
    let storage = UncheckedStorage(TreeState())

    /// A coordinator's place in the tree.
    struct TreeState {
        /// The coordinator itself, until it is deinitialised.
        var coordinator = BackReference<Coordinator>(nil)
        /// Not `weak`: a parent keeps its children alive, and a child leaving the tree, or a parent
        /// being freed, clears it.
        var parent = BackReference<Coordinator>(nil)
        var children: [Coordinator] = []
        var phase: Phase = .ready
        var onEnd: ((ChildEnding) -> Void)?
        /// `variant`, kept here, where reading it for every signal is not checked at run time.
        var variant: String?
    }

    /// Creates a coordinator that will show its screens on `navigator`.
    public init(navigator: Navigator, name: String? = nil, variant: String? = nil) {
        self.navigator = navigator
        self.name = name ?? CoordinatorTypeNames.name(of: type(of: self))
        self.variant = variant
        storage.state.coordinator = BackReference(self)
    }

    deinit {
        // Entries of the navigator may keep the storage: leave nothing in it but the phase.
        let children = storage.state.children
        storage.state.coordinator = BackReference(nil)
        storage.state.parent = BackReference(nil)
        storage.state.children = []
        storage.state.onEnd = nil
        storage.state.variant = nil
        for child in children { child.storage.state.parent = BackReference(nil) }
    }

    /// Begins the coordinator's work, typically by showing its first screen.
    ///
    /// Called once, by `startChild(_:onEnd:)` or by `FlowRunner` for the root; never call it
    /// directly. The base implementation does nothing.
    open func start() {}

    /// Handles a message travelling up the tree; returns whether it was handled.
    ///
    /// The base implementation handles nothing, so the message moves on to the parent.
    open func handle(_ message: any FlowMessage) -> Bool { false }

    /// Whether the coordinator is started and still in the tree.
    public var isRunning: Bool { phase == .running }

    /// The number of running coordinators in this subtree, this one included if running.
    public var liveCoordinatorCount: Int {
        (isRunning ? 1 : 0) + children.reduce(0) { $0 + $1.liveCoordinatorCount }
    }

    /// Adds `child` to the tree and starts it; `onEnd` hears how it ended.
    ///
    /// Does nothing if `child` was already started or this coordinator is not running.
    public final func startChild(_ child: Coordinator, onEnd: ((ChildEnding) -> Void)? = nil) {
        guard isRunning, child.phase == .ready else { return }
        child.storage.state.parent = BackReference(self)
        if child.variant == nil { child.variant = variant }
        child.storage.state.onEnd = onEnd
        child.storage.state.phase = .running
        storage.state.children.append(child)
        emit(.childStarted(child: child.name))
        child.start()
    }

    /// Ends this coordinator's work: its parent removes it and hears `.finished`.
    ///
    /// Finishing the root coordinator completes the flow.
    public final func finish() {
        end(.finished)
    }

    /// Sends `message` up the tree, from this coordinator to the root, until one handles it.
    public final func send(_ message: any FlowMessage) -> MessageDelivery {
        var node: Coordinator? = self
        while let current = node {
            if current.handle(message) { return .handled(by: current.name) }
            node = current.parent
        }
        return .unhandled
    }

    /// Emits a signal from this coordinator to the flow's observer.
    public final func emit(_ kind: FlowSignal.Kind) {
        navigator.emit(FlowSignal(kind: kind, coordinator: name, variant: variant))
    }

    /// Emits the outcome of a model change made through a collaborator, with the numbers
    /// `values` attached by property key, such as an order's amount:
    ///
    /// ```swift
    /// recordMutation("place_order", outcome: .succeeded,
    ///                values: ["amount_cents": .integer(order.total.cents), "items": .integer(order.itemCount)])
    /// ```
    ///
    /// A host logs each value as a property of the mutation's event. The keys `operation`,
    /// `outcome` and `reason` are the mutation's own (`MutationValue.reservedKeys`): a value
    /// under one of them is not logged.
    public final func recordMutation(_ operation: String, outcome: MutationOutcome, values: [String: MutationValue] = [:]) {
        emit(.mutation(operation: operation, outcome: outcome, values: values))
    }

    // MARK: Tree management

    /// Starts this coordinator as the root of a flow.
    func startAsRoot() {
        guard phase == .ready, storage.state.parent.isCleared else { return }
        storage.state.phase = .running
        start()
    }

    /// Ends this coordinator and its subtree, telling the parent, or the observer for the root.
    func end(_ ending: ChildEnding) {
        guard isRunning else { return }
        let childEnding: ChildEnding = ending == .abandoned ? .abandoned : .parentEnded
        for child in children.reversed() {
            child.end(childEnding)
        }
        storage.state.phase = .ended(ending)
        if let parent {
            parent.storage.state.children.removeAll { $0 === self }
            parent.emit(.childFinished(child: name, reason: ending))
            storage.state.parent = BackReference(nil)
            let handler = storage.state.onEnd
            storage.state.onEnd = nil
            handler?(ending)
        } else if ending == .finished {
            emit(.flowCompleted(screen: navigator.root.visibleScreen?.name))
        } else if ending == .abandoned {
            emit(.flowAbandoned(screen: navigator.root.visibleScreen?.name))
        }
    }
}
