import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory remove-variant --name ID`: deletes a variant
/// module's folder and its line in Package.swift.
@main
struct RemoveVariantPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try VariantScaffoldInvocation.run("remove", context: context, arguments: arguments)
    }
}
