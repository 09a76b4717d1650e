// swift-tools-version: 6.2
// Switchyard's benchmarks: release-built commands that print figures, kept in a package of their own so the
// library's manifest carries none of them; they use only Switchyard's products, as a team's package would.
//   swift run -c release --package-path Benchmarks AssignmentBenchmark     (or PeekingBenchmark, ReaderBenchmark, StepDecompositionBenchmark)
//   bash Benchmarks/Scripts/check-instruction-counts.sh    the guard: instruction counts against instruction-thresholds.json
// Scripts/ holds the guard and the end-to-end benchmarks of the `switchyard` command (report, simulate, warehouse).
import PackageDescription

let package = Package(
    name: "SwitchyardBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    // Named, as Examples/Paywall does, so `package: "Switchyard"` holds whatever the checkout's folder is called.
    dependencies: [.package(name: "Switchyard", path: "..")],
    targets: [
        .executableTarget(name: "AssignmentBenchmark", dependencies: [.product(name: "Experiments", package: "Switchyard")]),
        .executableTarget(name: "PeekingBenchmark", dependencies: ["BenchmarkSupport", .product(name: "FlowReports", package: "Switchyard")]),
        .executableTarget(name: "StepDecompositionBenchmark", dependencies: ["BenchmarkSupport", .product(name: "FlowReports", package: "Switchyard")]),
        .executableTarget(name: "ReaderBenchmark", dependencies: ["BenchmarkSupport", .product(name: "FlowEvents", package: "Switchyard")]),
        // A seeded generator for generated data and the process's peak memory: what the benchmarks need beyond the products.
        .target(name: "BenchmarkSupport"),
    ]
)

// The root package's rules for every target: Swift 6 mode and the same upcoming features.
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
