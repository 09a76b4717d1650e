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
        process.arguments = [verb, "--package", context.package.directoryURL.path()] + arguments
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
