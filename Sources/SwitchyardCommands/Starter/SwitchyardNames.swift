import Foundation
import VariantScaffolding

/// The module, product and package names of Switchyard's own manifest, which a starter's modules must
/// not take: SwiftPM refuses a package graph with two modules of one name (`--app onboarding` would make
/// a module `OnboardingApp` beside Switchyard's sample app).
enum SwitchyardNames {
    /// Where a name is taken: `Package.swift:12` of the checkout, or this release's manifest.
    struct Taken {
        var name: String
        var location: String
    }

    /// The identifier-like names this release's Package.swift spells (as `ManifestNames` reads them),
    /// for a dependency by URL, whose manifest is not at hand. SwitchyardNamesTests compares this list with
    /// the repository's Package.swift, so it cannot fall behind it.
    static let released: Set<String> = [
        "AddVariantPlugin", "ArgumentParser", "ArticleCodeExtractor", "ArticleCodePlugin", "CZlib", "CheckoutApp",
        "CheckoutAppTests", "Coordination", "CoordinationTesting", "CoordinationTests", "CoordinatorArticleTests",
        "ExistentialAny", "Experiments", "ExperimentsTests", "FlowEvents", "FlowEventsTests", "FlowMapTests", "FlowMapping",
        "FlowReports", "FlowReportsTests", "FuzzBehaviorModel", "FuzzCondition", "FuzzConfig", "FuzzEventLines",
        "FuzzGzipReader", "FuzzHarnesses", "FuzzRegressionTests", "FuzzReport", "Golden", "HotelBookingApp", "JSONCore",
        "MainActorEmbeddingTests", "MemberImportVisibility", "MultiStepCheckout", "OnboardingApp", "OnboardingAppTests",
        "OnePageCheckout", "PhoneOnboarding", "PlantedApps", "Reference", "RemoveVariantPlugin", "ResourceUsage", "Resources",
        "SampleApps", "SeededRandom", "SignupAfterProfile", "SignupBeforeProfile", "Switchyard", "SwitchyardCommands",
        "SwitchyardEndToEndTests", "TabletOnboarding", "Terminal", "UserSimulation", "UserSimulationTests", "VariantConformance",
        "VariantConformanceTests", "VariantHost", "VariantHostTests", "VariantKit", "VariantRegistryGenerator",
        "VariantRegistryPlugin", "VariantScaffold", "VariantScaffoldTests", "VariantScaffolding", "VariantTemplates",
        "switchyard", "zlib",
    ]

    /// Where Switchyard's manifest names `name` (ignoring case, as macOS build folders would collide):
    /// the checkout's Package.swift and line when the dependency is a checkout, else this release's list.
    static func taken(_ name: String, checkout: String?) -> Taken? {
        let lowered = name.lowercased()
        if let checkout {
            let manifest = checkout + "/Package.swift"
            if let text = try? String(contentsOfFile: manifest, encoding: .utf8) {
                for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where ManifestNames.names(in: String(line)).contains(where: { $0.lowercased() == lowered }) {
                    return Taken(name: name, location: "\(manifest):\(offset + 1)")
                }
            }
        }
        if let known = released.first(where: { $0.lowercased() == lowered }) {
            return Taken(name: known, location: "Switchyard's Package.swift")
        }
        return nil
    }
}
