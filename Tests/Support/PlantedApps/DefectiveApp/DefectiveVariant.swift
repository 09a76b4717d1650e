import Coordination
import VariantKit

/// The kind of variant the defective app's slot takes.
package protocol DefectiveVariant: FlowVariant {
    /// Creates the flow's root coordinator.
    static func makeCoordinator(navigator: Navigator) -> Coordinator
}

extension DefectiveVariant {
    package static var slot: String { "flow" }
    package static var summary: String { "planted" }
}
