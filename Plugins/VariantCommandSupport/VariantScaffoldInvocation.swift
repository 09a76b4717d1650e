import Foundation
import PackagePlugin

/// Runs VariantScaffold for a variant command plugin. This one file is linked into the folder of
/// each plugin (`add-variant`, `remove-variant`), as SwiftPM builds a plugin from its own folder only.
enum VariantScaffoldInvocation {
    /// Runs `VariantScaffold VERB --package <the package> ARGUMENTS...`; its output is the command's.
    ///
    /// - Throws: `VariantCommandError` carrying what VariantScaffold refused, as the command's one error.
    static func run(_ verb: String, context: PluginContext, arguments: [String]) throws {
        let errors = Pipe()
        let process = Process()
        process.executableURL = try context.tool(named: "VariantScaffold").url
        process.arguments = [verb, "--package", context.package.directoryURL.path(percentEncoded: false), "--package-graph", packageGraph(context.package)]
            + arguments
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw VariantCommandError(description: message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}

/// Every module of `package` and of the packages it depends on, one `NAME<TAB>FOLDER` line each (the
/// folder empty for a module without sources): VariantScaffold refuses a new variant module named like
/// any of them, or like a type declared in those its templates import.
private func packageGraph(_ package: Package) -> String {
    var lines: [String] = []
    var seen: Set<String> = []
    func visit(_ package: Package) {
        guard seen.insert(package.id).inserted else { return }
        for target in package.targets {
            let folder = (target as? SourceModuleTarget)?.directoryURL.path(percentEncoded: false) ?? ""
            lines.append("\(target.name)\t\(folder)")
        }
        for product in package.products {
            lines.append("\(product.name)\t")
        }
        for dependency in package.dependencies {
            visit(dependency.package)
        }
    }
    visit(package)
    return lines.joined(separator: "\n")
}

/// What VariantScaffold refused, as the command's one error.
struct VariantCommandError: Error, CustomStringConvertible {
    var description: String
}
