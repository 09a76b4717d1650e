import Foundation
import PackagePlugin

/// Generates the registry of bundled variants for the target it is applied to.
///
/// It hands the sources of every module the target depends on to VariantRegistryGenerator,
/// marking those that live under Variants/ as variant modules. The generator finds the
/// variant type each declares, so adding a variant needs no hand-written registration.
@main
struct VariantRegistryPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "RegisteredVariants.swift")
        let variantsDirectory = context.package.directoryURL.appending(path: "Variants").standardizedFileURL.path()
        var arguments = ["--output", output.path()]
        var inputFiles: [URL] = []
        let dependencies = module.recursiveTargetDependencies
            .compactMap { $0 as? SourceModuleTarget }
            .sorted { $0.name < $1.name }
        for dependency in dependencies {
            let files = dependency.sourceFiles(withSuffix: "swift").map(\.url)
            let isVariant = dependency.directoryURL.standardizedFileURL.path().hasPrefix(variantsDirectory)
            arguments += [isVariant ? "--variant-module" : "--support-module", dependency.name]
            arguments += files.map { $0.path() }
            inputFiles += files
        }
        return [
            .buildCommand(
                displayName: "Registering the variants of \(target.name)",
                executable: try context.tool(named: "VariantRegistryGenerator").url,
                arguments: arguments,
                inputFiles: inputFiles,
                outputFiles: [output]
            ),
        ]
    }
}
