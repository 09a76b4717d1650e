/// A reference to a coordinator that does not keep it alive and reads `nil` once it is gone.
///
/// It does what `weak` does for a navigator's screens, without the cost: forming a weak
/// reference moves the coordinator's reference counts into a side table, after which every
/// retain and release of it, millions in a simulation, takes the runtime's slow path. The
/// coordinator owns one of these and clears it in its `deinit`, so the stored pointer is never
/// read after the coordinator is freed.
final class CoordinatorReference {
    /// The coordinator, until it is deinitialised.
    @exclusivity(unchecked) private(set) unowned(unsafe) var coordinator: Coordinator?

    init() {}

    /// Points the reference at `coordinator`; called once, as the coordinator is created.
    func attach(_ coordinator: Coordinator) {
        self.coordinator = coordinator
    }

    /// Called by the coordinator's `deinit`.
    func detach() {
        coordinator = nil
    }
}
