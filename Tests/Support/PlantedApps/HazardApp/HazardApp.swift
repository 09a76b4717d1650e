import Coordination
import VariantKit

/// A test-only app whose variants trap or loop forever when its flow finishes, so the end-to-end tests
/// can see a map survive them: start → (go) → done → (finish) the end.
package enum HazardApp: HostedApp {
    package static let name = "planted"
    package static var slots: [AppSlot] { [AppSlot(id: "flow", summary: "the whole flow", defaultVariant: SoundHazard.id)] }
    package static var screenNames: [String] { ["start", "done"] }
    package static let syntheticInput = SyntheticInput.none

    package static func makeRootCoordinator(for selection: VariantSelection, navigator: Navigator) throws(CompositionError) -> Coordinator {
        try selection.variant(for: "flow", as: (any HazardVariant.Type).self).coordinator { $0.makeCoordinator(navigator: navigator) }
    }
}
