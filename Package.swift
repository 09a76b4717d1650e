// swift-tools-version: 6.2
import PackageDescription

// MARK: Hosted apps and their variants
//
// One line per module. SwiftPM caches this manifest keyed on its text, so a module it is not told
// about here would go unseen by an already-built checkout: `swift package add-variant` and
// `remove-variant` edit the `variants` list, and the build fails, naming the folder, if Variants/
// holds a folder this list does not name.

/// The sample apps, each under Sources/Samples/: module `<Name>App` declares `public enum <Name>: HostedApp`.
let apps: [AppModule] = [
    .app("CheckoutApp"),
    .app("OnboardingApp"),
]

/// The variant modules, each under Variants/: module `<Name>` declares `public enum <Name>Variant`
/// conforming to one of its app's variant protocols.
let variants: [VariantModule] = [
    .variant("MultiStepCheckout", app: "CheckoutApp"),
    .variant("OnePageCheckout", app: "CheckoutApp"),
    .variant("PhoneOnboarding", app: "OnboardingApp"),
    .variant("SignupAfterProfile", app: "OnboardingApp"),
    .variant("SignupBeforeProfile", app: "OnboardingApp"),
    .variant("TabletOnboarding", app: "OnboardingApp"),
]

struct AppModule {
    var name: String
    static func app(_ name: String) -> AppModule { AppModule(name: name) }
}

struct VariantModule {
    var name: String
    var app: String
    static func variant(_ name: String, app: String) -> VariantModule { VariantModule(name: name, app: app) }
}

// A variant naming an app that `apps` does not list would otherwise meet SwiftPM's generic "Source
// files for target ... should be located under ..." message: say what is wrong and how to fix it.
for variant in variants where !apps.contains(where: { $0.name == variant.app }) {
    fatalError(
        "Package.swift: the variant \(variant.name) names the app module \(variant.app), which `apps` does not list; "
            + "add .app(\"\(variant.app)\") to `apps` (its sources under Sources/Samples/\(variant.app)/), or fix the variant's app"
    )
}

// MARK: The package

/// What the host's tools and tests build on: the flow pattern, assignment, events and the host.
let hostDependencies: [Target.Dependency] = ["Coordination", "Experiments", "FlowEvents", "VariantHost", "VariantKit"]

/// The variant modules of `app`, for its tests.
func variantModules(of app: String) -> [Target.Dependency] {
    variants.filter { $0.app == app }.map { .target(name: $0.name) }
}

let package = Package(
    name: "Switchyard",
    // Mutex (Synchronization) is the newest API the libraries use: macOS 15, iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "switchyard", targets: ["switchyard"]),
        // What an app embeds: the pattern, assignment, events, reports, and the host of its flows.
        .library(name: "Coordination", targets: ["Coordination"]),
        .library(name: "Experiments", targets: ["Experiments"]),
        .library(name: "FlowEvents", targets: ["FlowEvents"]),
        .library(name: "FlowReports", targets: ["FlowReports"]),
        .library(name: "VariantKit", targets: ["VariantKit"]),
        .library(name: "VariantHost", targets: ["VariantHost"]),
        // What a team's own package adds: its host executable's command tree, the suites its tests
        // run, the sample apps to host beside its own, and the plugins that register its apps and
        // variants at build time and add or remove a variant with one command.
        .library(name: "SwitchyardCommands", targets: ["SwitchyardCommands"]),
        .library(name: "CoordinationTesting", targets: ["CoordinationTesting"]),
        .library(name: "VariantConformance", targets: ["VariantConformance"]),
        .library(name: "SampleApps", targets: ["SampleApps"]),
        .plugin(name: "VariantRegistryPlugin", targets: ["VariantRegistryPlugin"]),
        .plugin(name: "AddVariantPlugin", targets: ["AddVariantPlugin"]),
        .plugin(name: "RemoveVariantPlugin", targets: ["RemoveVariantPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation`, which CI runs on every catalog, refusing warnings.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The libraries, in the order their arrows point (DESIGN.md): each depends only on those above it.
        .target(name: "JSONCore"),
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(name: "Coordination"),
        .target(name: "Experiments", dependencies: ["JSONCore"]),
        .target(name: "FlowEvents", dependencies: ["JSONCore", "CZlib"]),
        .target(name: "FlowReports", dependencies: ["FlowEvents"]),
        .target(name: "VariantKit", dependencies: ["Coordination"]),
        .target(name: "VariantHost", dependencies: ["Coordination", "Experiments", "FlowEvents", "FlowReports", "VariantKit"]),
        .target(name: "CoordinationTesting", dependencies: ["Coordination"]),

        // The tools over hosted flows, which the commands and the conformance suite run and no app
        // embeds: modules without a product of their own.
        .target(name: "FlowMapping", dependencies: hostDependencies),
        .target(name: "UserSimulation", dependencies: hostDependencies + ["FlowMapping", "JSONCore", "SeededRandom"]),
        .target(name: "Terminal", dependencies: ["Coordination", "VariantHost", "VariantKit"]),
        // One small concept each, without a product: the seeded generator of the simulation and the
        // tests, the process's peak memory, and what add-variant, remove-variant and `init` write.
        .target(name: "SeededRandom"),
        .target(name: "ResourceUsage"),
        .target(name: "VariantScaffolding"),

        // Every `switchyard` command, over whichever apps the executable hosting it registers, and
        // the conformance suite a team's tests run over every app and variant they register.
        .target(
            name: "SwitchyardCommands",
            dependencies: hostDependencies + [
                "FlowMapping", "FlowReports", "ResourceUsage", "Terminal", "UserSimulation", "VariantScaffolding",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "VariantConformance", dependencies: hostDependencies + ["FlowMapping", "UserSimulation"]),
        .executableTarget(name: "switchyard", dependencies: ["SampleApps", "SwitchyardCommands"]),

        // The sample apps (listed at the top) and their registry, which the build-tool plugin writes.
        .target(
            name: "SampleApps",
            dependencies: ["VariantKit"] + apps.map { .target(name: $0.name) } + variants.map { .target(name: $0.name) },
            path: "Sources/Samples/SampleApps",
            plugins: ["VariantRegistryPlugin"]
        ),

        // The plugins and the tools they run.
        .plugin(name: "VariantRegistryPlugin", capability: .buildTool(), dependencies: ["VariantRegistryGenerator"]),
        .plugin(
            name: "AddVariantPlugin",
            capability: .command(
                intent: .custom(verb: "add-variant", description: "Create a variant module from its app's template and register it"),
                permissions: [.writeToPackageDirectory(reason: "Creates Variants/<Name>/ and adds its line to Package.swift")]
            ),
            dependencies: ["VariantScaffold"]
        ),
        .plugin(
            name: "RemoveVariantPlugin",
            capability: .command(
                intent: .custom(verb: "remove-variant", description: "Delete a variant module and its line in Package.swift"),
                permissions: [.writeToPackageDirectory(reason: "Deletes Variants/<Name>/ and its line in Package.swift")]
            ),
            dependencies: ["VariantScaffold"]
        ),
        .plugin(name: "ArticleCodePlugin", capability: .buildTool(), dependencies: ["ArticleCodeExtractor"]),
        .executableTarget(name: "VariantRegistryGenerator", path: "Plugins/Tools/VariantRegistryGenerator"),
        .executableTarget(name: "VariantScaffold", dependencies: ["VariantScaffolding"], path: "Plugins/Tools/VariantScaffold"),
        .executableTarget(name: "ArticleCodeExtractor", path: "Plugins/Tools/ArticleCodeExtractor"),

        // The tests, one target per module or concern. ArticleCodePlugin compiles into a target the
        // Swift blocks of the DocC articles it lists for it, so an article's code is built as written.
        .testTarget(name: "CoordinationTests", dependencies: ["Coordination", "CoordinationTesting"]),
        .testTarget(name: "CoordinatorArticleTests", dependencies: ["Coordination", "CoordinationTesting"], plugins: ["ArticleCodePlugin"]),
        .testTarget(
            name: "ExperimentsTests", dependencies: ["Experiments", "JSONCore", "SeededRandom"], exclude: ["Resources", "Reference"],
            plugins: ["ArticleCodePlugin"]
        ),
        .testTarget(
            name: "FlowEventsTests", dependencies: ["CZlib", "FlowEvents", "SeededRandom"], exclude: ["Numbers/Reference", "Numbers/Resources"],
            plugins: ["ArticleCodePlugin"]
        ),
        .testTarget(
            name: "FlowReportsTests", dependencies: ["FlowEvents", "FlowReports", "SeededRandom"],
            exclude: ["Golden", "Statistics/Reference", "Statistics/Resources"], plugins: ["ArticleCodePlugin"]
        ),
        .testTarget(name: "VariantHostTests", dependencies: hostDependencies + ["FlowReports", "SampleApps", "Terminal"]),
        .testTarget(
            name: "UserSimulationTests", dependencies: hostDependencies + ["OnboardingApp", "SampleApps", "SeededRandom", "UserSimulation"]
        ),
        .testTarget(name: "FlowMapTests", dependencies: hostDependencies + ["FlowMapping", "PlantedApps", "SampleApps"]),
        .testTarget(name: "VariantConformanceTests", dependencies: ["Coordination", "PlantedApps", "SampleApps", "VariantConformance", "VariantKit"]),
        .testTarget(
            name: "CheckoutAppTests",
            dependencies: hostDependencies + ["CheckoutApp", "CoordinationTesting", "SampleApps", "UserSimulation"] + variantModules(of: "CheckoutApp")
        ),
        .testTarget(
            name: "OnboardingAppTests",
            dependencies: ["Coordination", "CoordinationTesting", "OnboardingApp", "SampleApps", "VariantKit"] + variantModules(of: "OnboardingApp")
        ),
        // An app's main-actor code, built with the main actor as default isolation as Xcode's app
        // targets are, and the article "Embedding in an app on the main actor".
        .testTarget(
            name: "MainActorEmbeddingTests",
            dependencies: hostDependencies + ["OnboardingApp", "PhoneOnboarding", "SampleApps", "SignupBeforeProfile", "TabletOnboarding"],
            swiftSettings: [.defaultIsolation(MainActor.self)], plugins: ["ArticleCodePlugin"]
        ),
        .testTarget(name: "VariantScaffoldTests", dependencies: ["VariantScaffold", "VariantScaffolding"]),
        .testTarget(
            name: "SwitchyardEndToEndTests",
            dependencies: ["SampleApps", "SeededRandom", "SwitchyardCommands", "VariantHost", "VariantKit", "planted-host", "switchyard"]
        ),

        // The fake apps the tests share, whose variants plant defects, and planted-host: the commands
        // over the one whose coordinators trap or stall, which the end-to-end tests run as they run
        // `switchyard`. HotelBookingApp is a module of its own: registered by convention while its
        // app names itself other than its module says.
        .target(name: "PlantedApps", dependencies: ["Coordination", "VariantKit"], path: "Tests/Support/PlantedApps"),
        .target(name: "HotelBookingApp", dependencies: ["Coordination", "VariantKit"], path: "Tests/Support/HotelBookingApp"),
        .executableTarget(
            name: "planted-host", dependencies: ["HotelBookingApp", "PlantedApps", "SwitchyardCommands", "VariantKit"], path: "Tests/PlantedHost"
        ),

        // Fuzzing: the harnesses the libFuzzer targets call, and the tests that replay seeds and
        // found crashes through them without the fuzzer.
        .target(
            name: "FuzzHarnesses", dependencies: hostDependencies + ["CZlib", "FlowReports", "JSONCore", "UserSimulation"],
            path: "Tests/Fuzz/Harnesses"
        ),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzHarnesses"], path: "Tests/Fuzz/RegressionTests"),
    ]
)

// The sample apps and the variants, from the lists at the top.
package.targets += apps.map { app in
    .target(name: app.name, dependencies: ["Coordination", "VariantKit"], path: "Sources/Samples/\(app.name)", exclude: ["VariantTemplates"])
}
package.targets += variants.map { variant in
    .target(name: variant.name, dependencies: ["Coordination", "VariantKit", .target(name: variant.app)], path: "Variants/\(variant.name)")
}

// The libFuzzer targets under Tests/Fuzz/Targets exist only when SWITCHYARD_FUZZ=1, as set by
// Tests/Fuzz/run-fuzzers.sh, which builds them with `--sanitize fuzzer`: ordinary builds never see them.
if Context.environment["SWITCHYARD_FUZZ"] == "1" {
    package.targets += ["FuzzConfig", "FuzzCondition", "FuzzEventLines", "FuzzBehaviorModel", "FuzzGzipReader", "FuzzReport"].map { name in
        .executableTarget(name: name, dependencies: ["FuzzHarnesses"], path: "Tests/Fuzz/Targets/\(name)")
    }
}

// Every Swift target builds under the same rules.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
