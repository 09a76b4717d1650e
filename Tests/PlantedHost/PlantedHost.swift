import Coordination
import HotelBookingApp
import SwitchyardCommands
import VariantKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A test-only host: the `switchyard` commands over an app whose variants trap or loop forever, so the
/// end-to-end tests can see a map survive them. With `PLANTED_HOST_MISNAMED_APP` set it also hosts
/// `HotelBooking`, an app whose name is not the one its module's name gives it.
@main
enum PlantedHost {
    static func main() {
        let planted = RegisteredApp(app: Planted.self, variants: [SoundPlanted.self, TrappingPlanted.self, StallingPlanted.self])
        let misnamed = RegisteredApp(app: HotelBooking.self, variants: [OneStepBookingVariant.self])
        SwitchyardCommandLine.main(hosting: getenv("PLANTED_HOST_MISNAMED_APP") == nil ? [planted] : [planted, misnamed])
    }
}

/// start → (go) → done → (finish) the end.
enum Planted: HostedApp {
    static let name = "planted"
    static var slots: [AppSlot] { [AppSlot(id: "flow", summary: "the whole flow", defaultVariant: SoundPlanted.id)] }
    static var screenNames: [String] { ["start", "done"] }
    static let syntheticInput = SyntheticInput.none

    static func makeRootCoordinator(for selection: VariantSelection, navigator: Navigator) throws(CompositionError) -> Coordinator {
        try selection.variant(for: "flow", as: (any PlantedVariant.Type).self).coordinator { $0.makeCoordinator(navigator: navigator) }
    }
}

protocol PlantedVariant: FlowVariant {
    static func makeCoordinator(navigator: Navigator) -> Coordinator
}

extension PlantedVariant {
    static var slot: String { "flow" }
    static var summary: String { "planted" }
}

final class PlantedScreen: Screen {
    let name: String
    let content: ScreenContent
    var onAction: (() -> Void)?

    init(_ name: String, action: String) {
        self.name = name
        content = ScreenContent(title: name, actions: [ScreenAction(id: action, title: action)], allowsBack: false)
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        onAction?()
    }
}

/// What `done`'s finish does in each variant.
class PlantedCoordinator: Coordinator {
    override func start() {
        let start = PlantedScreen("start", action: "go")
        start.onAction = { [unowned self] in
            let done = PlantedScreen("done", action: "finish")
            done.onAction = { [unowned self] in finishFlow() }
            navigator.push(done, owner: self)
        }
        navigator.setRoot(start, owner: self)
    }

    func finishFlow() { finish() }
}

enum SoundPlanted: PlantedVariant {
    static let id = "sound"
    static func makeCoordinator(navigator: Navigator) -> Coordinator { PlantedCoordinator(navigator: navigator) }
}

/// Finishing traps.
enum TrappingPlanted: PlantedVariant {
    static let id = "trapping"
    final class Traps: PlantedCoordinator {
        override func finishFlow() { fatalError("planted trap on finish") }
    }
    static func makeCoordinator(navigator: Navigator) -> Coordinator { Traps(navigator: navigator) }
}

/// Finishing never returns.
enum StallingPlanted: PlantedVariant {
    static let id = "stalling"
    final class Stalls: PlantedCoordinator {
        override func finishFlow() {
            while true { sleep(1) }
        }
    }
    static func makeCoordinator(navigator: Navigator) -> Coordinator { Stalls(navigator: navigator) }
}
