import SampleApps
import Coordination
import Testing
import VariantHost
import VariantKit

/// An app with one slot whose default is `only`.
private protocol OneSlotApp: HostedApp {}

extension OneSlotApp {
    static var slots: [AppSlot] { [AppSlot(id: "flow", summary: "The flow", defaultVariant: "only")] }
    static var syntheticInput: SyntheticInput { .none }
    static var screenNames: [String] { [] }

    static func makeRootCoordinator(for selection: VariantSelection, navigator: Navigator) throws(CompositionError) -> Coordinator {
        Coordinator(navigator: navigator)
    }
}

private enum ShopApp: OneSlotApp {
    static let name = "shop"
}

private enum BadlyNamedApp: OneSlotApp {
    static let name = "Shop Front"
}

private enum OnlyVariant: FlowVariant {
    static let id = "only"
    static let slot = "flow"
    static let summary = "The only variant"
}

@Suite("App catalog: the apps a host runs")
struct AppCatalogTests {
    @Test("the bundled apps are found by name, and an unknown name lists them")
    func bundledApps() throws {
        let catalog = try AppCatalog(RegisteredApps.all)
        #expect(catalog.appNames.contains("onboarding"))
        #expect(try catalog.registry(forApp: "onboarding").app.name == "onboarding")
        #expect(throws: RegistryError("unknown app \"nowhere\"; expected one of: \(catalog.appNames.joined(separator: ", "))")) {
            try catalog.registry(forApp: "nowhere")
        }
        #expect(catalog.registries(withVariant: "signup-after-profile").map { $0.app.name } == ["onboarding"])
    }

    @Test("two apps of one name, or a name that is not a lowercase slug, are refused")
    func badNames() {
        let shop = RegisteredApp(app: ShopApp.self, variants: [OnlyVariant.self])
        #expect(throws: RegistryError("two apps are registered as \"shop\"")) { try AppCatalog([shop, shop]) }
        #expect(throws: RegistryError("app name \"Shop Front\" is not a lowercase slug (letters, digits and single dashes)")) {
            try AppCatalog([RegisteredApp(app: BadlyNamedApp.self, variants: [OnlyVariant.self])])
        }
    }
}
