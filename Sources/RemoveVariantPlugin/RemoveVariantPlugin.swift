import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory remove-variant --name ID`: deletes a variant
/// module's folder and its line in Package.swift.
@main
struct RemoveVariantPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // The work is VariantScaffold's, shared with the other variant command; its error, if any, is ours.
        let errors = Pipe()
        let process = Process()
        process.executableURL = try context.tool(named: "VariantScaffold").url
        process.arguments = ["remove", "--package", context.package.directoryURL.path()] + arguments
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
