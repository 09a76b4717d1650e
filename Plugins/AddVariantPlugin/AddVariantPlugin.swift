import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory add-variant --app NAME --slot ID --name ID --summary TEXT`:
/// creates a variant module from the app's template for the slot, and registers it in Package.swift.
@main
struct AddVariantPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try VariantScaffoldInvocation.run("add", context: context, arguments: arguments)
    }
}
