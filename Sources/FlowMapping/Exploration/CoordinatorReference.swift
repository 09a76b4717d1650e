import Coordination

/// A coordinator a run's tree held, referenced weakly: once the run is released, a coordinator still
/// there is kept alive by something else.
struct CoordinatorReference {
    /// The coordinator, while something keeps it alive.
    weak var coordinator: Coordinator?
    /// Its name.
    let name: String
    /// Its variant.
    let variant: String?

    init(_ coordinator: Coordinator) {
        self.coordinator = coordinator
        name = coordinator.name
        variant = coordinator.variant
    }
}
