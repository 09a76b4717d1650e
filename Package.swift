// swift-tools-version: 6.2
import Foundation
import PackageDescription

// MARK: Hosted apps and their variants
//
// Every app module and every variant module is named here, one line each. SwiftPM caches this
// manifest keyed on its text, so a module it is not told about here would go unseen by an
// already-built checkout: `swift package add-variant` and `remove-variant` edit the list below,
// and the build fails, naming the folder, if Variants/ holds a folder this list does not name.

/// The app modules, the samples of this repository, each under Sources/Samples/: module `<Name>App` declares `public enum <Name>: HostedApp`
/// (in the type or an extension), which the build finds by that name and the compiler checks.
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
            + "add .app(\"\(variant.app)\") to `apps` (its sources under Sources/\(variant.app)/), or fix the variant's app"
    )
}

/// Settings applied to every target, so the whole package builds under the same rules.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let appTargets: [Target] = apps.map { app in
    .target(
        name: app.name,
        dependencies: ["Coordination", "VariantKit"],
        path: "Sources/Samples/\(app.name)",
        exclude: ["VariantTemplates"],
        swiftSettings: strictSettings
    )
}

let variantTargets: [Target] = variants.map { variant in
    .target(
        name: variant.name,
        dependencies: ["Coordination", "VariantKit", .target(name: variant.app)],
        path: "Variants/\(variant.name)",
        swiftSettings: strictSettings
    )
}

/// The libFuzzer targets under Tests/Fuzz/Targets. They exist only when SWITCHYARD_FUZZ=1, as set by
/// Tests/Fuzz/run-fuzzers.sh, which builds them with `--sanitize fuzzer`: ordinary builds and CI never see them.
let fuzzTargets: [Target] = ProcessInfo.processInfo.environment["SWITCHYARD_FUZZ"] == "1"
    ? ["FuzzConfig", "FuzzCondition", "FuzzEventLines", "FuzzBehaviorModel", "FuzzGzipReader", "FuzzReport"].map { name in
        .executableTarget(
            name: name,
            dependencies: ["FuzzHarnesses"],
            path: "Tests/Fuzz/Targets/\(name)",
            swiftSettings: strictSettings
        )
    }
    : []

/// The libraries, plugins, tools, executables, benchmarks and tests.
let packageTargets: [Target] = [
    // Core libraries: no dependencies on each other or on the sample app.
    .target(name: "Coordination", swiftSettings: strictSettings),
    .target(name: "Experiments", dependencies: ["JSONCore"], swiftSettings: strictSettings),
    .target(name: "FlowEvents", dependencies: ["JSONCore", "CZlib"], swiftSettings: strictSettings),
    // The one JSON parser, which the configuration and the event log's reader both read with.
    .target(name: "JSONCore", swiftSettings: strictSettings),
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    .target(name: "FlowReports", dependencies: ["FlowEvents"], swiftSettings: strictSettings),

    // The plugin interface variants and apps implement.
    .target(name: "VariantKit", dependencies: ["Coordination"], swiftSettings: strictSettings),

    // The sample apps and their variant modules, registered by the build-tool plugin.
    .target(
        name: "SampleApps",
        dependencies: ["VariantKit"] + apps.map { .target(name: $0.name) } + variants.map { .target(name: $0.name) },
        path: "Sources/Samples/SampleApps",
        swiftSettings: strictSettings,
        plugins: ["VariantRegistryPlugin"]
    ),
    .executableTarget(name: "VariantRegistryGenerator", path: "Plugins/Tools/VariantRegistryGenerator", swiftSettings: strictSettings),

    // `swift package add-variant` and `remove-variant`: both run VariantScaffold, whose work is VariantScaffolding's,
    // which `switchyard init` uses too, so a new package's first variants are made as add-variant makes any other.
    .target(name: "VariantScaffolding", swiftSettings: strictSettings),
    .executableTarget(
        name: "VariantScaffold", dependencies: ["VariantScaffolding"], path: "Plugins/Tools/VariantScaffold", swiftSettings: strictSettings
    ),
    .plugin(
        name: "AddVariantPlugin",
        capability: .command(
            intent: .custom(verb: "add-variant", description: "Create a variant module from its app's template and register it"),
            permissions: [.writeToPackageDirectory(reason: "Creates Variants/<Name>/ and adds its line to Package.swift")]
        ),
        dependencies: ["VariantScaffold"],
        path: "Plugins/AddVariantPlugin"
    ),
    .plugin(
        name: "RemoveVariantPlugin",
        capability: .command(
            intent: .custom(verb: "remove-variant", description: "Delete a variant module and its line in Package.swift"),
            permissions: [.writeToPackageDirectory(reason: "Deletes Variants/<Name>/ and its line in Package.swift")]
        ),
        dependencies: ["VariantScaffold"],
        path: "Plugins/RemoveVariantPlugin"
    ),
    .plugin(
        name: "VariantRegistryPlugin",
        capability: .buildTool(),
        dependencies: ["VariantRegistryGenerator"],
        path: "Plugins/VariantRegistryPlugin"
    ),

    .target(
        name: "VariantHost",
        dependencies: ["Coordination", "Experiments", "FlowEvents", "FlowReports", "VariantKit", "SeededRandom"],
        swiftSettings: strictSettings
    ),
    .target(name: "CoordinationTesting", dependencies: ["Coordination"], swiftSettings: strictSettings),
    // The conformance suite a team's tests run over every app and variant they register.
    .target(
        name: "VariantConformance",
        dependencies: ["Coordination", "Experiments", "FlowEvents", "VariantHost", "VariantKit"],
        swiftSettings: strictSettings
    ),

    // Every `switchyard` command, over whichever apps the executable hosting them registers.
    .target(
        name: "SwitchyardCommands",
        dependencies: [
            "VariantHost", "Experiments", "FlowEvents", "FlowReports", "VariantKit", "ResourceUsage", "VariantScaffolding",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        swiftSettings: strictSettings
    ),
    // The `switchyard` executable: the command tree over the sample apps.
    .executableTarget(name: "switchyard", dependencies: ["SwitchyardCommands", "SampleApps"], swiftSettings: strictSettings),

    .testTarget(
        name: "CoordinationTests",
        dependencies: ["Coordination", "CoordinationTesting"],
        swiftSettings: strictSettings
    ),
    .testTarget(
        name: "ExperimentsTests",
        dependencies: ["Experiments", "JSONCore", "SeededRandom"],
        exclude: ["Resources", "Reference"],
        swiftSettings: strictSettings
    ),
    .testTarget(
        name: "FlowEventsTests",
        dependencies: ["FlowEvents", "CZlib", "SeededRandom"],
        exclude: ["Numbers/Reference", "Numbers/Resources"],
        swiftSettings: strictSettings
    ),
    .testTarget(
        name: "FlowReportsTests",
        dependencies: ["FlowReports", "FlowEvents", "SeededRandom"],
        exclude: ["Golden", "Statistics/Reference", "Statistics/Resources"],
        swiftSettings: strictSettings
    ),
    .testTarget(
        name: "CheckoutAppTests",
        dependencies: ["Coordination", "CoordinationTesting", "CheckoutApp", "VariantKit", "SampleApps", "VariantHost", "FlowEvents", "Experiments"]
            + variants.filter { $0.app == "CheckoutApp" }.map { .target(name: $0.name) },
        swiftSettings: strictSettings
    ),
    .testTarget(
        name: "OnboardingAppTests",
        dependencies: ["Coordination", "CoordinationTesting", "OnboardingApp", "VariantKit", "SampleApps"]
            + variants.filter { $0.app == "OnboardingApp" }.map { .target(name: $0.name) },
        swiftSettings: strictSettings
    ),
    .testTarget(
        name: "VariantHostTests",
        dependencies: ["Coordination", "Experiments", "VariantHost", "SampleApps", "OnboardingApp", "FlowEvents", "VariantKit", "SeededRandom"],
        swiftSettings: strictSettings
    ),
    // An app's main-actor code: built with the main actor as default isolation, as Xcode's app
    // targets are, to prove Coordination and VariantKit are usable from there.
    .testTarget(
        name: "MainActorEmbeddingTests",
        dependencies: [
            "SampleApps", "Coordination", "Experiments", "FlowEvents", "OnboardingApp", "VariantHost", "VariantKit",
            "PhoneOnboarding", "SignupBeforeProfile", "TabletOnboarding",
        ],
        swiftSettings: strictSettings + [.defaultIsolation(MainActor.self)]
    ),
    .testTarget(
        name: "VariantConformanceTests",
        dependencies: ["Coordination", "SampleApps", "VariantConformance", "VariantKit"],
        swiftSettings: strictSettings
    ),
    .testTarget(
        name: "FlowMapTests",
        dependencies: ["Coordination", "FlowEvents", "SampleApps", "VariantHost", "VariantKit"],
        swiftSettings: strictSettings
    ),
    .testTarget(name: "VariantScaffoldTests", dependencies: ["VariantScaffold", "VariantScaffolding"], swiftSettings: strictSettings),
    // The Swift blocks of the article "Writing a coordinator", compiled and their tests run as the
    // article shows them: ArticleCodePlugin writes them into this target from the article itself.
    .testTarget(
        name: "CoordinatorArticleTests",
        dependencies: ["Coordination", "CoordinationTesting"],
        swiftSettings: strictSettings,
        plugins: ["ArticleCodePlugin"]
    ),
    .executableTarget(name: "ArticleCodeExtractor", path: "Plugins/Tools/ArticleCodeExtractor", swiftSettings: strictSettings),
    .plugin(name: "ArticleCodePlugin", capability: .buildTool(), dependencies: ["ArticleCodeExtractor"], path: "Plugins/ArticleCodePlugin"),
    .testTarget(
        name: "SwitchyardEndToEndTests",
        dependencies: ["switchyard", "planted-host", "SwitchyardCommands", "SampleApps", "VariantKit", "SeededRandom"],
        swiftSettings: strictSettings
    ),
    // A host of test-only apps whose coordinators trap or stall: the end-to-end tests run it as they run `switchyard`.
    .executableTarget(
        name: "planted-host",
        dependencies: ["SwitchyardCommands", "Coordination", "VariantKit", "HotelBookingApp"],
        path: "Tests/PlantedHost",
        swiftSettings: strictSettings
    ),
    // A test-only app module registered by convention whose app names itself other than its module says.
    .target(name: "HotelBookingApp", dependencies: ["Coordination", "VariantKit"], path: "Tests/PlantedApps/HotelBookingApp", swiftSettings: strictSettings),

    // The seeded generator of the simulation, the tests and the benchmarks, and the process's peak
    // memory (simulate's summary, the benchmarks): small modules with one concept each, no product of their own.
    .target(name: "SeededRandom", swiftSettings: strictSettings),
    .target(name: "ResourceUsage", swiftSettings: strictSettings),

    // Fuzzing: the harnesses the libFuzzer targets call, and the tests that replay seeds and found crashes
    // through them without the fuzzer.
    .target(
        name: "FuzzHarnesses",
        dependencies: ["Experiments", "FlowEvents", "FlowReports", "VariantHost", "JSONCore", "CZlib"],
        path: "Tests/Fuzz/Harnesses",
        swiftSettings: strictSettings
    ),
    .testTarget(
        name: "FuzzRegressionTests",
        dependencies: ["FuzzHarnesses"],
        path: "Tests/Fuzz/RegressionTests",
        swiftSettings: strictSettings
    ),
]

let package = Package(
    name: "Switchyard",
    // Mutex (Synchronization) is the newest API the libraries use: macOS 15, iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "switchyard", targets: ["switchyard"]),
        .library(name: "Coordination", targets: ["Coordination"]),
        .library(name: "CoordinationTesting", targets: ["CoordinationTesting"]),
        .library(name: "Experiments", targets: ["Experiments"]),
        .library(name: "FlowEvents", targets: ["FlowEvents"]),
        .library(name: "FlowReports", targets: ["FlowReports"]),
        .library(name: "VariantKit", targets: ["VariantKit"]),
        .library(name: "VariantHost", targets: ["VariantHost"]),
        // What a team's own package uses: the command tree for its host executable, the conformance
        // suite for its tests, the sample apps to host beside its own, and the plugins that register
        // its apps and variants at build time and add or remove a variant with one command.
        .library(name: "SwitchyardCommands", targets: ["SwitchyardCommands"]),
        .library(name: "VariantConformance", targets: ["VariantConformance"]),
        .library(name: "SampleApps", targets: ["SampleApps"]),
        .plugin(name: "VariantRegistryPlugin", targets: ["VariantRegistryPlugin"]),
        .plugin(name: "AddVariantPlugin", targets: ["AddVariantPlugin"]),
        .plugin(name: "RemoveVariantPlugin", targets: ["RemoveVariantPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),

        // Documentation: `swift package generate-documentation` builds the DocC catalogs of the
        // libraries (CI runs it and refuses warnings). A command plugin: no library links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: appTargets + variantTargets + fuzzTargets + packageTargets
)
