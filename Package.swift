// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// Every folder under Variants/ is a variant module. Adding a variant means adding a folder:
/// the manifest discovers it, and the VariantRegistryPlugin registers it with the host.
let variantModules: [String] = {
    let variantsDirectory = Context.packageDirectory + "/Variants"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: variantsDirectory)) ?? []
    return entries.filter { entry in
        var isDirectory: ObjCBool = false
        return !entry.hasPrefix(".")
            && FileManager.default.fileExists(atPath: variantsDirectory + "/" + entry, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }.sorted()
}()

/// Settings applied to every target, so the whole package builds under the same rules.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let variantTargets: [Target] = variantModules.map { name in
    .target(
        name: name,
        dependencies: ["Coordination", "VariantKit", "OnboardingApp"],
        path: "Variants/\(name)",
        swiftSettings: strictSettings
    )
}

/// The libFuzzer targets under Tests/Fuzz/Targets. They exist only when SWITCHYARD_FUZZ=1, as set by
/// Tests/Fuzz/run-fuzzers.sh, which builds them with `--sanitize fuzzer`: ordinary builds and CI never see them.
let fuzzTargets: [Target] = ProcessInfo.processInfo.environment["SWITCHYARD_FUZZ"] == "1"
    ? ["FuzzConfig", "FuzzCondition", "FuzzEventLines", "FuzzBehaviorModel"].map { name in
        .executableTarget(
            name: name,
            dependencies: ["FuzzHarnesses"],
            path: "Tests/Fuzz/Targets/\(name)",
            swiftSettings: strictSettings
        )
    }
    : []

let package = Package(
    name: "Switchyard",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "switchyard", targets: ["switchyard"]),
        .library(name: "Coordination", targets: ["Coordination"]),
        .library(name: "CoordinationTesting", targets: ["CoordinationTesting"]),
        .library(name: "Experiments", targets: ["Experiments"]),
        .library(name: "FlowEvents", targets: ["FlowEvents"]),
        .library(name: "FlowReports", targets: ["FlowReports"]),
        .library(name: "VariantKit", targets: ["VariantKit"]),
        .library(name: "VariantHost", targets: ["VariantHost"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: variantTargets + fuzzTargets + [
        // Core libraries: no dependencies on each other or on the sample app.
        .target(name: "Coordination", swiftSettings: strictSettings),
        .target(name: "Experiments", swiftSettings: strictSettings),
        .target(name: "FlowEvents", dependencies: ["CZlib"], swiftSettings: strictSettings),
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(name: "FlowReports", dependencies: ["FlowEvents"], swiftSettings: strictSettings),

        // The plugin interface variants and apps implement.
        .target(name: "VariantKit", dependencies: ["Coordination"], swiftSettings: strictSettings),

        // The sample app: screen protocols, models and services.
        .target(name: "OnboardingApp", dependencies: ["Coordination", "VariantKit"], swiftSettings: strictSettings),

        // Every variant module, registered by the build-tool plugin.
        .target(
            name: "BundledVariants",
            dependencies: ["VariantKit", "OnboardingApp"] + variantModules.map { .target(name: $0) },
            swiftSettings: strictSettings,
            plugins: ["VariantRegistryPlugin"]
        ),
        .executableTarget(name: "VariantRegistryGenerator", swiftSettings: strictSettings),
        .plugin(
            name: "VariantRegistryPlugin",
            capability: .buildTool(),
            dependencies: ["VariantRegistryGenerator"],
            path: "Sources/VariantRegistryPlugin"
        ),

        .target(
            name: "VariantHost",
            dependencies: ["Coordination", "Experiments", "FlowEvents", "FlowReports", "VariantKit"],
            swiftSettings: strictSettings
        ),
        .target(name: "CoordinationTesting", dependencies: ["Coordination"], swiftSettings: strictSettings),

        .executableTarget(
            name: "switchyard",
            dependencies: [
                "VariantHost", "BundledVariants", "Experiments", "FlowEvents", "FlowReports", "VariantKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),

        // Benchmarks: release-built commands that print figures.
        .executableTarget(name: "AssignmentBenchmark", dependencies: ["Experiments"], swiftSettings: strictSettings),
        .executableTarget(name: "ReaderBenchmark", dependencies: ["FlowEvents"], swiftSettings: strictSettings),
        .executableTarget(name: "PeekingBenchmark", dependencies: ["FlowReports"], swiftSettings: strictSettings),
        .executableTarget(
            name: "SimulationProfile",
            dependencies: ["VariantHost", "BundledVariants", "Experiments", "FlowEvents"],
            swiftSettings: strictSettings
        ),

        .testTarget(
            name: "CoordinationTests",
            dependencies: ["Coordination", "CoordinationTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ExperimentsTests",
            dependencies: ["Experiments"],
            exclude: ["Resources", "Reference"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "FlowEventsTests", dependencies: ["FlowEvents", "CZlib"], swiftSettings: strictSettings),
        .testTarget(
            name: "FlowReportsTests",
            dependencies: ["FlowReports", "FlowEvents"],
            exclude: ["Golden", "Statistics/Reference", "Statistics/Resources"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "OnboardingAppTests",
            dependencies: ["Coordination", "CoordinationTesting", "OnboardingApp", "VariantKit", "BundledVariants"]
                + variantModules.map { .target(name: $0) },
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "VariantHostTests",
            dependencies: ["Coordination", "Experiments", "VariantHost", "BundledVariants", "OnboardingApp", "FlowEvents", "VariantKit"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "SwitchyardEndToEndTests", dependencies: ["switchyard"], swiftSettings: strictSettings),

        // Fuzzing: the harnesses the libFuzzer targets call, and the tests that replay seeds and found crashes
        // through them without the fuzzer.
        .target(
            name: "FuzzHarnesses",
            dependencies: ["Experiments", "FlowEvents", "VariantHost"],
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
)
