import Foundation
import PackagePlugin

/// Generates `RegisteredApps`, the registry of hosted apps and their variants, in the target it is
/// applied to: in this package the sample apps' target, in a team's package its own registry target.
///
/// The target depends on app modules (any module depending on VariantKit) and variant modules (those
/// under the package's Variants/). The plugin hands their sources to VariantRegistryGenerator, which
/// names each app's `HostedApp` type and each variant's type by convention and leaves their
/// conformances to the compiler, so no registration code is written by hand. The generator also compares Variants/ with what Package.swift names and fails
/// the build for a folder there that Package.swift does not name, or one without sources: SwiftPM
/// itself would skip either without a word. Variants/ is an input of the command, so adding or
/// removing a folder runs it again even when SwiftPM reuses its cached manifest and build plan.
@main
struct VariantRegistryPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let variantsDirectory = context.package.directoryURL.appending(path: "Variants")
        let direct = module.dependencies.compactMap { dependency -> SourceModuleTarget? in
            if case .target(let target) = dependency { return target as? SourceModuleTarget }
            return nil
        }
        let variantModules = direct.filter { Self.isVariant($0, in: variantsDirectory) }.sorted { $0.name < $1.name }
        let appModules = direct.filter { candidate in
            !Self.isVariant(candidate, in: variantsDirectory)
                && candidate.dependencies.contains { dependency in
                    switch dependency {
                    case .target(let target): target.name == "VariantKit"
                    case .product(let product): product.name == "VariantKit"
                    @unknown default: false
                    }
                }
        }.sorted { $0.name < $1.name }
        let output = context.pluginWorkDirectoryURL.appending(path: "RegisteredVariants.swift")
        // Where app modules live: Sources/, and each folder an app module sits in (Sources/Samples/ here).
        let sourcesDirectories = Set(
            [context.package.directoryURL.appending(path: "Sources")] + appModules.map { $0.directoryURL.deletingLastPathComponent() }
        ).map(\.standardizedFileURL).sorted { $0.path(percentEncoded: false) < $1.path(percentEncoded: false) }
        var arguments = ["--output", output.path(percentEncoded: false), "--variants-directory", variantsDirectory.path(percentEncoded: false)]
        for directory in Set(sourcesDirectories.map { $0.path(percentEncoded: false) }).sorted() {
            arguments += ["--sources-directory", directory]
        }
        var inputFiles: [URL] = [variantsDirectory] + sourcesDirectories
        func add(_ module: SourceModuleTarget, as role: [String]) {
            let files = module.sourceFiles(withSuffix: "swift").map(\.url)
            arguments += role + files.map { $0.path(percentEncoded: false) }
            inputFiles += files
        }
        for app in appModules {
            add(app, as: ["--app-module", app.name])
        }
        for variant in variantModules {
            let app = variant.dependencies.compactMap { dependency -> String? in
                if case .target(let target) = dependency, appModules.contains(where: { $0.name == target.name }) {
                    return target.name
                }
                return nil
            }.first
            guard let app else {
                throw RegistrationError(
                    "Variants/\(variant.name) depends on no app module; give its line in Package.swift an app, "
                        + "such as .variant(\"\(variant.name)\", app: \"\(appModules.first?.name ?? "MyApp")\")"
                )
            }
            if variant.sourceFiles(withSuffix: "swift").map(\.url).isEmpty {
                // SwiftPM keeps a target whose folder lost its sources; the generator names it.
                arguments += ["--variant-module", variant.name, "--app", app]
                continue
            }
            add(variant, as: ["--variant-module", variant.name, "--app", app])
        }
        return [
            .buildCommand(
                displayName: "Registering the apps and variants of \(target.name)",
                executable: try context.tool(named: "VariantRegistryGenerator").url,
                arguments: arguments,
                inputFiles: inputFiles,
                outputFiles: [output]
            ),
        ]
    }

    /// A variant module Package.swift cannot be registered as it stands, reported as a build error.
    struct RegistrationError: Error, CustomStringConvertible {
        var description: String

        init(_ description: String) {
            self.description = description
        }
    }

    private static func isVariant(_ module: SourceModuleTarget, in variantsDirectory: URL) -> Bool {
        module.directoryURL.standardizedFileURL.path(percentEncoded: false).hasPrefix(variantsDirectory.standardizedFileURL.path(percentEncoded: false))
    }
}
