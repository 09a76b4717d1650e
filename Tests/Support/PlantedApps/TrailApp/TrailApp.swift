import Coordination
import VariantKit

/// A test-only app whose map is known: intro → form (a code; "ok" goes on, anything else shows an
/// error) → review (confirm finishes; edit and back return to the form; help shows a tip screen).
///
/// Its variants plant one defect each for the map's lints (see `TrailVariants.swift`).
package enum TrailApp: HostedApp {
    package static let name = "trail"
    package static var slots: [AppSlot] { [AppSlot(id: "trail", summary: "the whole flow", defaultVariant: SoundTrail.id)] }
    package static var screenNames: [String] { ["intro", "form", "review", "help"] }
    package static let syntheticInput = SyntheticInput(fields: ["code": .init(valid: "ok", invalid: ["bad"])])

    package static func makeRootCoordinator(for selection: VariantSelection, navigator: Navigator) throws(CompositionError) -> Coordinator {
        try selection.variant(for: "trail", as: (any TrailVariant.Type).self).coordinator { $0.makeCoordinator(navigator: navigator) }
    }
}
