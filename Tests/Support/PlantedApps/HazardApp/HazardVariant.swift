import Coordination
import VariantKit

/// The kind of variant the hazard app's slot takes.
package protocol HazardVariant: FlowVariant {
    /// Creates the flow's root coordinator.
    static func makeCoordinator(navigator: Navigator) -> Coordinator
}

extension HazardVariant {
    package static var slot: String { "flow" }
    package static var summary: String { "planted" }
}
