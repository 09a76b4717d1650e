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

@Suite("Registries of the apps a host runs")
struct AppRegistriesTests {
    @Test("every registered app is found by its name, and an unknown name lists them all")
    func registeredApps() throws {
        let registries = try VariantRegistry.registries(of: RegisteredApps.all)
        #expect(registries.appNames == RegisteredApps.all.map { $0.app.name })
        for registry in registries {
            #expect(try registries.registry(forApp: registry.app.name).app.name == registry.app.name)
            for variant in registry.variants {
                #expect(registries.registries(withVariant: variant.id).contains { $0.app.name == registry.app.name })
            }
        }
        #expect(throws: RegistryError("unknown app \"nowhere\"; expected one of: \(registries.appNames.joined(separator: ", "))")) {
            try registries.registry(forApp: "nowhere")
        }
    }

    @Test("two apps of one name, or a name that is not a lowercase slug, are refused")
    func badNames() {
        let shop = RegisteredApp(app: ShopApp.self, variants: [OnlyVariant.self])
        #expect(throws: RegistryError("two apps are registered as \"shop\"")) { try VariantRegistry.registries(of: [shop, shop]) }
        #expect(throws: RegistryError("app name \"Shop Front\" is not a lowercase slug (letters, digits and single dashes)")) {
            try VariantRegistry.registries(of: [RegisteredApp(app: BadlyNamedApp.self, variants: [OnlyVariant.self])])
        }
    }
}
