import Foundation
@testable import VariantScaffold
@testable import VariantScaffolding

/// A small package on disk shaped like this repository for add-variant and remove-variant: an app
/// with templates and slot defaults, two registered variants, a config, other targets and products
/// to collide with, and a folder outside the package that nothing may touch.
struct ScaffoldFixture {
    /// The temporary folder holding the package and its `outside/` neighbour.
    let root: URL
    /// The package's folder.
    let package: URL
    /// A folder beside the package, for paths that try to escape it.
    let outside: URL
    /// A folder outside `root` for what a test writes itself (a tool's output), so listings of `root` do not see it.
    let scratch: URL

    static let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription

        let apps: [AppModule] = [
            .app("OnboardingApp"),
        ]

        let variants: [VariantModule] = [
            .variant("PhoneOnboarding", app: "OnboardingApp"),
            .variant("SignupAfterProfile", app: "OnboardingApp"),
        ]

        let package = Package(
            name: "Switchyard",
            products: [.executable(name: "switchyard", targets: ["switchyard"])],
            targets: [
                .target(name: "Coordination"),
                .target(name: "SampleApps", path: "Sources/Samples/SampleApps"),
                .executableTarget(name: "switchyard"),
            ] + ["FuzzConfig"].map { name in .executableTarget(name: name) }
        )

        """

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("variant-scaffold-\(UUID().uuidString)", isDirectory: true)
        package = root.appendingPathComponent("Package", isDirectory: true)
        outside = root.appendingPathComponent("outside", isDirectory: true)
        scratch = URL(fileURLWithPath: root.path + "-scratch", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try write("outside/keep.txt", "outside the package\n")
        try write("Package/Package.swift", Self.manifest)
        try write("Package/Sources/Coordination/Coordinator.swift", "open class Coordinator {}\npublic final class Navigator {}\n")
        try write("Package/Sources/Samples/SampleApps/Registry.swift", "public enum SampleAppsMarker {}\n")
        try write("Package/Sources/switchyard/main.swift", "print(1)\n")
        let app = "Package/Sources/Samples/OnboardingApp"
        try write("\(app)/Onboarding.swift", "public enum Onboarding {}\npublic protocol AuthFlowVariant {}\nopen class ShellCoordinator: Coordinator {}\n")
        try write("\(app)/Flow/OnboardingSlot.swift", """
            public enum OnboardingSlot {
                public static let appShell = AppSlot(
                    id: "app-shell",
                    defaultVariant: "phone"
                )
                public static let authFlow = AppSlot(
                    id: "auth-flow",
                    defaultVariant: "signup-before-profile"
                )
            }

            """)
        try write("\(app)/VariantTemplates/auth-flow/__Name__Variant.swift.template", """
            import Coordination
            import OnboardingApp

            /// __summary__
            public enum __Name__Variant: AuthFlowVariant {
                public static let id = "__id__"
                public static let summary = "__summary__"
            }

            """)
        try write("\(app)/VariantTemplates/auth-flow/__Name__Coordinator.swift.template", """
            import Coordination
            import OnboardingApp

            final class __Name__Coordinator: Coordinator {}

            """)
        try write("Package/Variants/PhoneOnboarding/PhoneOnboardingVariant.swift", "public enum PhoneOnboardingVariant {\n    public static let id = \"phone\"\n}\n")
        try write("Package/Variants/SignupAfterProfile/SignupAfterProfileVariant.swift", """
            public enum SignupAfterProfileVariant {
                public static let id = "signup-after-profile"
            }

            """)
        try write("Package/Configuration/onboarding/experiments.json", #"{"experiments": [{"key": "order", "variations": ["signup-after-profile"]}]}"#)
    }

    /// Writes `text` to `path` under the fixture's root, creating folders.
    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The package as the tool reads it.
    func layout() throws -> PackageLayout {
        try PackageLayout(directory: package.path)
    }

    /// Every entry under the fixture's root (package and outside), with its contents or link target:
    /// two listings are equal exactly when nothing was created, deleted or changed.
    func listing() -> [String: String] {
        var entries: [String: String] = [:]
        let names = FileManager.default.subpaths(atPath: root.path) ?? []
        for name in names {
            let path = root.appendingPathComponent(name).path
            switch FileSystemEntry.kind(at: path) {
            case .directory?: entries[name] = "folder"
            case .symbolicLink?: entries[name] = "link to " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
            default: entries[name] = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "unreadable"
            }
        }
        return entries
    }

    /// Adds a variant with the fixture's app and slot.
    func add(_ id: String, summary: String = "a test variant") throws -> String {
        try VariantAddition(package: layout(), app: "onboarding", slot: "auth-flow", id: id, summary: summary).perform()
    }

    /// Removes the variant `name` names.
    func remove(_ name: String) throws -> String {
        try VariantRemoval(package: layout(), name: name).perform()
    }

    func delete() {
        try? FileManager.default.removeItem(at: root)
        try? FileManager.default.removeItem(at: scratch)
    }
}
