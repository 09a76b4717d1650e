// swift-tools-version: 6.2
import PackageDescription

// A team's own package on Switchyard: its app, its variants and its config, hosted by its own
// `switchyard` executable and checked by Switchyard's conformance suite. It depends on the
// Switchyard repository this example lives in; a team's package names it by URL instead:
// .package(url: "https://github.com/<owner>/switchyard", from: "<version>").

// MARK: Hosted apps and their variants
//
// One line per module. `swift package --allow-writing-to-package-directory add-variant` and
// `remove-variant` edit the `variants` list; the registry plugin fails the build, naming the
// folder, for a folder under Variants/ this list does not name.

/// The app modules, each under Sources/: module `<Name>App` declares `public enum <Name>: HostedApp`.
let apps: [AppModule] = [
    .app("PaywallApp"),
]

/// The variant modules, each under Variants/: module `<Name>` declares `public enum <Name>Variant`
/// conforming to one of its app's variant protocols.
let variants: [VariantModule] = [
    .variant("PlansFirst", app: "PaywallApp"),
    .variant("TrialFirst", app: "PaywallApp"),
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

for variant in variants where !apps.contains(where: { $0.name == variant.app }) {
    fatalError(
        "Package.swift: the variant \(variant.name) names the app module \(variant.app), which `apps` does not list; "
            + "add .app(\"\(variant.app)\") to `apps`, or fix the variant's app"
    )
}

func switchyard(_ product: String) -> Target.Dependency {
    .product(name: product, package: "Switchyard")
}

let package = Package(
    name: "PaywallExperiments",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "paywall-switchyard", targets: ["PaywallHost"]),
        .library(name: "PaywallApp", targets: ["PaywallApp"]),
    ],
    dependencies: [
        .package(name: "Switchyard", path: "../.."),
    ],
    targets: apps.map { app in
        .target(name: app.name, dependencies: [switchyard("Coordination"), switchyard("VariantKit")], exclude: ["VariantTemplates"])
    } + variants.map { variant in
        .target(
            name: variant.name,
            dependencies: [switchyard("Coordination"), switchyard("VariantKit"), .target(name: variant.app)],
            path: "Variants/\(variant.name)"
        )
    } + [
        // The registry of this package's apps and variants, generated at build time.
        .target(
            name: "PaywallRegistry",
            dependencies: [switchyard("VariantKit")] + apps.map { .target(name: $0.name) } + variants.map { .target(name: $0.name) },
            plugins: [.plugin(name: "VariantRegistryPlugin", package: "Switchyard")]
        ),
        // Every `switchyard` command over this package's apps.
        .executableTarget(name: "PaywallHost", dependencies: ["PaywallRegistry", switchyard("SwitchyardCommands")]),
        .testTarget(
            name: "PaywallTests",
            dependencies: [
                "PaywallApp", "PaywallRegistry", switchyard("Coordination"), switchyard("VariantConformance"),
                switchyard("VariantKit"),
            ]
        ),
        // Built with the main actor as default isolation, as an iOS app target is.
        .testTarget(
            name: "PaywallEmbeddingTests",
            dependencies: [
                "PaywallApp", "PaywallRegistry", switchyard("Coordination"), switchyard("Experiments"), switchyard("FlowEvents"),
                switchyard("VariantHost"), switchyard("VariantKit"),
            ],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
    ]
)

// Every target builds under the same rules, on top of tools 6.2's Swift 6 language mode.
for target in package.targets where target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
}
