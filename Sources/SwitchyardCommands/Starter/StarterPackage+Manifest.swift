// The starter package's manifest. __package__ is the package's name, __host__ its host executable's,
// and __switchyard_package__ the `.package(...)` line of the Switchyard dependency, whose identity is
// __switchyard_identity__. VariantKit's article "Using Switchyard from your own package" shows this
// manifest as `init` writes it, and CI checks that the two are the same.

extension StarterPackage {
    static let manifest = StarterFile("Package.swift", #"""
        // swift-tools-version: 6.2
        import PackageDescription

        // The flows of __app__ on Switchyard: its app, its variants and its config, hosted by its own
        // `switchyard` executable (__host__) and checked by Switchyard's conformance suite.

        // MARK: Hosted apps and their variants
        //
        // One line per module. `swift package --allow-writing-to-package-directory add-variant` and
        // `remove-variant` edit the `variants` list; the registry plugin fails the build, naming the
        // folder, for a folder under Variants/ this list does not name.

        /// The app modules, each under Sources/: module `<Name>App` declares `public enum <Name>: HostedApp`.
        let apps: [AppModule] = [
            .app("__App__App"),
        ]

        /// The variant modules, each under Variants/: module `<Name>` declares `public enum <Name>Variant`
        /// conforming to one of its app's variant protocols.
        let variants: [VariantModule] = [
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

        // A variant naming an app that `apps` does not list would otherwise meet SwiftPM's "Source files for
        // target ... should be located under ..." message: say what is wrong and how to fix it.
        for variant in variants where !apps.contains(where: { $0.name == variant.app }) {
            fatalError(
                "Package.swift: the variant \(variant.name) names the app module \(variant.app), which `apps` does not list; "
                    + "add .app(\"\(variant.app)\") to `apps`, or fix the variant's app"
            )
        }

        func switchyard(_ product: String) -> Target.Dependency {
            .product(name: product, package: "__switchyard_identity__")
        }

        let package = Package(
            name: "__package__",
            // Switchyard's own platforms: Mutex (Synchronization) needs macOS 15 and iOS 18.
            platforms: [.macOS(.v15), .iOS(.v18)],
            products: [
                .executable(name: "__host__", targets: ["__App__Host"]),
                .library(name: "__App__App", targets: ["__App__App"]),
            ],
            dependencies: [
                __switchyard_package__,
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
                    name: "__App__Registry",
                    dependencies: [switchyard("VariantKit")] + apps.map { .target(name: $0.name) } + variants.map { .target(name: $0.name) },
                    plugins: [.plugin(name: "VariantRegistryPlugin", package: "__switchyard_identity__")]
                ),
                // Every `switchyard` command over this package's apps.
                .executableTarget(name: "__App__Host", dependencies: ["__App__Registry", switchyard("SwitchyardCommands")]),
                .testTarget(
                    name: "__App__Tests",
                    dependencies: ["__App__App", "__App__Registry", switchyard("Coordination"), switchyard("VariantConformance"), switchyard("VariantKit")]
                ),
                // Built with the main actor as default isolation, as an iOS app target is.
                .testTarget(
                    name: "__App__EmbeddingTests",
                    dependencies: [
                        "__App__App", "__App__Registry", switchyard("Coordination"), switchyard("FlowEvents"), switchyard("VariantHost"),
                        switchyard("VariantKit"),
                    ],
                    swiftSettings: [.defaultIsolation(MainActor.self)]
                ),
            ]
        )

        // Every target builds under the same rules, on top of tools 6.2's Swift 6 language mode.
        for target in package.targets where target.type != .plugin {
            target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        }

        """#)
}
