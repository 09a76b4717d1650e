import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory remove-variant --name ID`: deletes a registered
/// variant module's folder and its line in Package.swift. `remove-variant --leftovers` only finishes what
/// an interrupted add-variant or remove-variant left.
@main
struct RemoveVariantPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try VariantScaffoldInvocation.run("remove", context: context, arguments: arguments)
    }
}
