import Coordination
import VariantKit

/// The trail app, refusing to compose `RefusedTrail`, as an app whose factory throws.
package enum ThrowingTrailApp: HostedApp {
    package static let name = "throwing-trail"
    package static var slots: [AppSlot] { TrailApp.slots }
    package static var screenNames: [String] { TrailApp.screenNames }
    package static var syntheticInput: SyntheticInput { TrailApp.syntheticInput }

    package static func makeRootCoordinator(for selection: VariantSelection, navigator: Navigator) throws(CompositionError) -> Coordinator {
        if selection["trail"]?.id == RefusedTrail.id { throw CompositionError("the refused trail cannot be composed") }
        return try TrailApp.makeRootCoordinator(for: selection, navigator: navigator)
    }
}

/// The trail app declaring a settings screen no variant shows.
package enum OverdeclaredTrailApp: HostedApp {
    package static let name = "overdeclared-trail"
    package static var slots: [AppSlot] { TrailApp.slots }
    package static var screenNames: [String] { TrailApp.screenNames + ["settings"] }
    package static var syntheticInput: SyntheticInput { TrailApp.syntheticInput }

    package static func makeRootCoordinator(for selection: VariantSelection, navigator: Navigator) throws(CompositionError) -> Coordinator {
        try TrailApp.makeRootCoordinator(for: selection, navigator: navigator)
    }
}
