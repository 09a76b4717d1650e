import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory add-variant --app NAME --slot ID --name ID [--summary TEXT]`:
/// creates a variant module from the app's template for the slot, and registers it in Package.swift.
@main
struct AddVariantPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // The work is VariantScaffold's, shared with the other variant command; its error, if any, is ours.
        let errors = Pipe()
        let process = Process()
        process.executableURL = try context.tool(named: "VariantScaffold").url
        process.arguments = ["add", "--package", context.package.directoryURL.path()] + arguments
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw VariantCommandError(description: message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}

/// What VariantScaffold refused, as the command's one error.
struct VariantCommandError: Error, CustomStringConvertible {
    var description: String
}
