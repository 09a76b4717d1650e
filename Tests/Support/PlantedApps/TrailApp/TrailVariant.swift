import Coordination
import VariantKit

/// The kind of variant the trail app's slot takes.
package protocol TrailVariant: FlowVariant {
    /// Creates the trail's root coordinator.
    static func makeCoordinator(navigator: Navigator) -> Coordinator
}

extension TrailVariant {
    package static var slot: String { "trail" }
    package static var summary: String { "a trail variant" }
}
