/// Where a coordinator's place in the tree is kept: state that a simulation reads and writes millions
/// of times, exempt from Swift's run-time exclusivity checks in release builds and checked in debug builds.
///
/// Two run-time checks would cost more than the work they guard. Every access to a class's stored
/// property begins and ends a dynamic exclusivity check; and a `weak` reference gives its target a
/// side table, after which every retain and release of the target takes the runtime's slow path.
/// So a coordinator keeps its tree state in one of these, whose `state` goes unchecked in release
/// builds, and its references back up the tree are ``BackReference``s. The same object is how a
/// navigator's entries find the coordinator that showed a screen without keeping it alive.
///
/// What makes that safe, and how a debug build checks it (the whole test suite runs debug):
/// - The owner's methods are the only code that touches `state`, and each access ends before any call
///   out to a subclass, a handler, a screen or an observer, so no two accesses overlap. In debug builds
///   `state` is an ordinary stored property, so the runtime traps on an overlapping access.
/// - The owner is not `Sendable`, so the compiler keeps it, and this storage, in one isolation domain.
/// - A ``BackReference`` is cleared before its target is freed; debug builds check on every read.
///
/// `Navigator` and VariantHost's `SessionRecorder` follow the same rules with one private `state`
/// property of their own instead: they have no object like this one already, and allocating one per
/// session cost more than the checks saved (measured with callgrind). The attribute only takes effect
/// on accesses compiled in the declaring module, so this type is internal.
final class UncheckedStorage<State> {
    #if DEBUG
    /// The state; exclusivity checked at run time in debug builds.
    var state: State
    #else
    /// The state; accesses never overlap (see the type's documentation), so they go unchecked.
    @exclusivity(unchecked) var state: State
    #endif

    /// Creates storage holding `state`.
    init(_ state: State) {
        self.state = state
    }
}

/// A reference that neither keeps its target alive nor gives it a weak reference's side table (see
/// ``UncheckedStorage``): from a child coordinator to its parent, a modal navigator to its presenter,
/// and a navigator's entry to the coordinator that showed its screen.
///
/// It must be cleared before its target is freed: a coordinator clears its children's and its own in
/// its `deinit`, a navigator its modal's, and a child leaving the tree or a dismissed modal clears
/// its own. Debug builds keep a `weak` reference beside the unmanaged one and stop on a read of a
/// target that is gone.
struct BackReference<Target: AnyObject> {
    private var unmanaged: Unmanaged<Target>?
    #if DEBUG
    private weak var checked: Target?
    #endif

    /// A reference to `target`, or to nothing.
    init(_ target: Target?) {
        unmanaged = target.map { Unmanaged.passUnretained($0) }
        #if DEBUG
        checked = target
        #endif
    }

    /// The target; nil when the reference was cleared.
    var target: Target? {
        guard let unmanaged else { return nil }
        #if DEBUG
        precondition(checked != nil, "a back reference to a \(Target.self) outlived it: it must be cleared before its target is freed")
        #endif
        return unmanaged.takeUnretainedValue()
    }

    /// Whether the reference points at nothing, read without touching the target.
    var isCleared: Bool { unmanaged == nil }
}
