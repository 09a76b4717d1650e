import Coordination
import VariantKit

/// A test-only app whose variants each plant one defect the conformance suite must report: start (a code
/// field; "ok" goes on, anything else shows an error) → done → finish.
package enum DefectiveApp: HostedApp {
    package static let name = "planted"
    package static var slots: [AppSlot] { [AppSlot(id: "flow", summary: "the whole flow", defaultVariant: SoundFlow.id)] }
    package static var screenNames: [String] { ["start", "done"] }
    package static let syntheticInput = SyntheticInput(fields: ["code": .init(valid: "ok", invalid: ["bad"])])

    package static func makeRootCoordinator(for selection: VariantSelection, navigator: Navigator) throws(CompositionError) -> Coordinator {
        if let unlabelled = selection["flow"] as? UnlabelledFlow.Type {
            // The defect: the variant's factory is called around ChosenVariant, so nothing labels the coordinator.
            return unlabelled.makeCoordinator(navigator: navigator)
        }
        return try selection.variant(for: "flow", as: (any DefectiveVariant.Type).self).coordinator { $0.makeCoordinator(navigator: navigator) }
    }
}
